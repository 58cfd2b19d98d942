pragma solidity ^0.4.24;

// Constant steps that stay in range: a 256-bit counter stepped up (no
// sequence of calls reaches 2**256), a step down after a check of the
// value, an 8-bit step made by the owner only, a local counter.
contract C62 {
    mapping(address => uint256) q1;
    mapping(address => uint8) q2;
    uint256 q3;
    address q4;

    constructor() public {
        q4 = msg.sender;
    }

    function f1() public {
        // ok: SOL-INTEGER-OVERFLOW
        q1[msg.sender] += 1;
        // ok: SOL-INTEGER-OVERFLOW
        q3 = q3 + 1;
    }

    function f2() public {
        require(q1[msg.sender] > 0);
        // ok: SOL-INTEGER-OVERFLOW
        q1[msg.sender] -= 1;
    }

    function f3(address a) public {
        require(msg.sender == q4);
        // ok: SOL-INTEGER-OVERFLOW
        q2[a] += 1;
    }

    function f4() public {
        if (q3 >= 2) {
            // ok: SOL-INTEGER-OVERFLOW
            q3 -= 2;
        }
    }
}
