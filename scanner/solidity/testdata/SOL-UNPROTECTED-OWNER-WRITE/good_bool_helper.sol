pragma solidity ^0.8.0;

// The check lives in a helper returning the comparison, or an early
// return for other callers: both restrict.
contract C151 {
    address public q1;

    constructor() {
        q1 = msg.sender;
    }

    function h1() internal view returns (bool) {
        return msg.sender == q1;
    }

    modifier m1() {
        require(h1(), "not allowed");
        _;
    }

    modifier m2() {
        if (msg.sender != q1) return;
        _;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f1(address n) external m1 {
        q1 = n;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f2(address n) external m2 {
        q1 = n;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f3(address n) external {
        if (h1()) {
            q1 = n;
        }
    }
}
