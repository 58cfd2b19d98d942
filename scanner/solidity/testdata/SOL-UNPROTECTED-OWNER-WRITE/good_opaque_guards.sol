pragma solidity ^0.8.0;

// Guards with opaque names, recognised by what they check: a lookup of the
// caller in a state mapping, a self-call check, and a ternary-free
// if-revert before the write.
contract C2 {
    mapping(address => bool) q1;
    address q2;

    modifier m1() {
        if (!q1[msg.sender]) revert();
        _;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f1(address a) external m1 {
        q1[a] = true;
        q2 = a;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f2(address a) external {
        address who = msg.sender;
        require(who == address(this));
        q2 = a;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f3(address a) external {
        if (msg.sender != q2) {
            revert();
        }
        q1[a] = false;
    }
}
