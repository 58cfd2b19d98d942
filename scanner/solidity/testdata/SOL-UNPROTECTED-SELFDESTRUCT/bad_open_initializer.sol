pragma solidity ^0.4.24;

// The destroying function is guarded, but the state its guard reads is
// set by a one-shot set-up function nobody has called: anyone calls it
// first, becomes the owner, then destroys the contract. Names are opaque.
contract C60 {
    uint q1;
    mapping(uint => uint) q2;

    modifier m1() {
        if (q1 > 0) throw;
        _;
    }

    modifier m2() {
        if (h1(msg.sender)) _;
    }

    function h1(address a) internal view returns (bool) {
        return q2[uint(a)] > 0;
    }

    function f1(address[] xs) public m1 {
        q1 = xs.length + 1;
        q2[uint(msg.sender)] = 1;
    }

    function f2(address t) external m2 {
        // ruleid: SOL-UNPROTECTED-SELFDESTRUCT
        selfdestruct(t);
    }
}
