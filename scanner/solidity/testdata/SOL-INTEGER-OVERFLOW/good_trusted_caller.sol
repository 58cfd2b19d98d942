pragma solidity ^0.4.24;

// Arithmetic on inputs only the owner can send: a setting, not an attack.
// (A check that excludes the owner, or bans a list, restricts nobody: see
// bad_opaque_shapes.sol.)
contract C23 {
    address q1;
    uint256 q2;
    uint256 q3;
    mapping(address => uint256) q4;

    function C23() public {
        q1 = msg.sender;
    }

    modifier m1() {
        require(msg.sender == q1);
        _;
    }

    function f1(uint256 a, uint256 b) public m1 {
        // ok: SOL-INTEGER-OVERFLOW
        q2 = a * b;
    }

    function f2(address t, uint256 v) public {
        if (msg.sender != q1) {
            revert();
        }
        // ok: SOL-INTEGER-OVERFLOW
        q4[t] -= v;
    }
}
