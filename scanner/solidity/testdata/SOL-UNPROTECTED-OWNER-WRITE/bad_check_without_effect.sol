pragma solidity ^0.8.0;

// Modifiers that compare the caller with the owner and let everyone
// through either way: the comparison guards nothing.
contract C150 {
    address public q1;

    constructor() {
        q1 = msg.sender;
    }

    modifier m1() {
        if (msg.sender == q1) {}
        _;
    }

    modifier m2() {
        if (msg.sender != q1) {
        } else {
        }
        _;
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function f1(address n) external m1 {
        q1 = n;
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function f2(address n) external m2 {
        q1 = n;
    }
}
