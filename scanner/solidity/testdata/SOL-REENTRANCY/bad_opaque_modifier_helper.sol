pragma solidity ^0.8.0;

// Opaque names; the write follows the call through an internal function,
// and the "lock" checks a flag but never sets it.
contract C3 {
    mapping(address => uint256) q1;
    bool q2;

    modifier m1() {
        require(!q2);
        _;
    }

    function f1(address t, uint256 v) internal {
        (bool ok, ) = t.call{value: v}("");
        require(ok);
    }

    function f2() external m1 {
        // ruleid: SOL-REENTRANCY
        f1(msg.sender, q1[msg.sender]);
        q1[msg.sender] = 0;
    }
}
