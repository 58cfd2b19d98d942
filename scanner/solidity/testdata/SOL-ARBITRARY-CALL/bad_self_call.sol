pragma solidity ^0.8.19;

// The contract calls itself with the caller's calldata, and one function
// trusts calls from the contract itself: anyone reaches it through f1.
contract C244 {
    mapping(address => uint256) public b44;

    function f1(bytes calldata d) external {
        // ruleid: SOL-ARBITRARY-CALL
        (bool ok, ) = address(this).call(d);
        require(ok);
    }

    function credit(address a, uint256 v) external {
        require(msg.sender == address(this), "only self");
        b44[a] += v;
    }
}
