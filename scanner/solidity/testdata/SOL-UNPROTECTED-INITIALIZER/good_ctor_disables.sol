pragma solidity ^0.8.0;

// The same base, and an implementation whose constructor spends the
// one-shot (sets the counter to its maximum).
abstract contract B2 {
    uint8 q0;

    modifier m0() {
        require(q0 < 1, "initialised");
        q0 = 1;
        _;
    }

    function g0() internal {
        q0 = type(uint8).max;
    }
}

contract C5 is B2 {
    address q1;

    constructor() {
        g0();
    }

    modifier m1() {
        require(msg.sender == q1, "no");
        _;
    }

    // ok: SOL-UNPROTECTED-INITIALIZER
    function f1(address a) external m0 {
        q1 = a;
    }

    function f2(address payable b) external m1 {
        b.transfer(address(this).balance);
    }
}
