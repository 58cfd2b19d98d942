pragma solidity ^0.4.24;

// Only the owner reaches these payments, and they go to the owner (or an
// address kept in state): re-entering, the payee meets the same check.
contract C36 {
    address q1;
    address q2;
    uint256 q3;

    function C36() public {
        q1 = msg.sender;
        q2 = msg.sender;
    }

    modifier m1() {
        require(msg.sender == q1);
        _;
    }

    function f1() public m1 {
        // ok: SOL-REENTRANCY-LIMITED
        if (!q2.send(q3)) {
            revert();
        }
        q3 = 0;
    }

    function f2(uint256 v) public m1 {
        require(v <= q3);
        // ok: SOL-REENTRANCY-LIMITED
        msg.sender.transfer(v);
        q3 -= v;
    }

    // Anyone reaches this one: the recorded amount decides the payment and
    // is cleared after it.
    function f3() public {
        require(q3 > 0);
        // ruleid: SOL-REENTRANCY-LIMITED
        q2.transfer(q3);
        q3 = 0;
    }
}
