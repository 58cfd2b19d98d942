pragma solidity ^0.4.24;

// An owner's burn of any account, and a holder's burn of its own balance.
contract C154 {
    address q1;
    mapping(address => uint) q2;
    uint q3;

    modifier m1() {
        require(msg.sender == q1);
        _;
    }

    modifier m2(address a) {
        require(a == msg.sender);
        _;
    }

    function g1(address a, uint v) internal {
        q2[a] = q2[a] - v;
        q3 = q3 - v;
    }

    function f1(address k, uint v) public m1 {
        // ok: SOL-UNAUTHORIZED-DEBIT
        q2[k] -= v;
        q3 -= v;
    }

    function f2(uint v) public {
        address a = msg.sender;
        // ok: SOL-UNAUTHORIZED-DEBIT
        q2[a] -= v;
        q3 -= v;
    }

    function f3(uint v) public {
        // ok: SOL-UNAUTHORIZED-DEBIT
        g1(msg.sender, v);
    }

    function f4(address k, uint v) public {
        if (msg.sender == q1) {
            // ok: SOL-UNAUTHORIZED-DEBIT
            g1(k, v);
        }
    }

    function f5(address k, uint v) public m2(k) {
        // ok: SOL-UNAUTHORIZED-DEBIT
        q2[k] -= v;
        q3 -= v;
    }
}
