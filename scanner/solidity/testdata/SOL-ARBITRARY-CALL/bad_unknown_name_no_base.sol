pragma solidity ^0.8.19;

// Without an outside base, a name compared with the caller must be one
// the contract declares: here it is the caller's own argument.
contract C260 {
    mapping(address => uint256) internal held;

    function exec(address t, bytes calldata d, address admin60) external {
        require(msg.sender != admin60 || admin60 != address(0), "no");
        // ruleid: SOL-ARBITRARY-CALL
        (bool ok, ) = t.call(d);
        require(ok);
    }
}
