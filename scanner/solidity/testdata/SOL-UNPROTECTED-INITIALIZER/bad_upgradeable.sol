pragma solidity ^0.8.0;

// A hand-written initialisable base (a version counter and an
// in-progress lock), used by an implementation with no constructor.
abstract contract B1 {
    uint8 q0;
    bool q9;

    modifier m0() {
        bool top = !q9;
        require((top && q0 < 1) || q0 == 1, "initialised");
        q0 = 1;
        if (top) {
            q9 = true;
        }
        _;
        if (top) {
            q9 = false;
        }
    }
}

contract C4 is B1 {
    address q1;

    modifier m1() {
        require(msg.sender == q1, "no");
        _;
    }

    // ruleid: SOL-UNPROTECTED-INITIALIZER
    function f1(address a) external m0 {
        q1 = a;
    }

    function f2(address payable b) external m1 {
        b.transfer(address(this).balance);
    }
}
