pragma solidity ^0.8.0;

// Layered bases: the caller comes from a helper, the owner from a getter,
// the one-shot from a counter in a modifier. The implementation has no
// constructor, so anyone initialises it.
abstract contract B3 {
    function s0() internal view virtual returns (address) {
        return msg.sender;
    }
}

abstract contract B4 {
    uint8 private q0;

    modifier m0() {
        require(q0 == 0, "once");
        q0 = 1;
        _;
    }

    function g0() internal {
        q0 = type(uint8).max;
    }
}

abstract contract B5 is B3 {
    address private q1;

    modifier m1() {
        g2();
        _;
    }

    function o1() public view returns (address) {
        return q1;
    }

    function g2() internal view {
        if (o1() != s0()) {
            revert();
        }
    }

    function g1(address a) internal {
        q1 = a;
    }
}

contract C8 is B4, B5 {
    uint256 q2;

    // ruleid: SOL-UNPROTECTED-INITIALIZER
    function f1(uint256 v) external m0 {
        g1(s0());
        q2 = v;
    }

    function f2(uint256 v) external m1 {
        q2 = v;
    }
}

// The same implementation with a constructor that spends the counter.
contract C9 is B4, B5 {
    uint256 q2;

    constructor() {
        g0();
    }

    // ok: SOL-UNPROTECTED-INITIALIZER
    function f1(uint256 v) external m0 {
        g1(s0());
        q2 = v;
    }

    function f2(uint256 v) external m1 {
        q2 = v;
    }
}
