pragma solidity ^0.8.0;

// Assignments, compound operators, checks through require, a signed
// negation written as such, the modifier placeholder.
contract C161 {
    int256 q1;
    uint256 q2;

    modifier m1() {
        // ok: SOL-NO-EFFECT
        _;
    }

    function f1(int256 v, uint256 w) external m1 {
        // ok: SOL-NO-EFFECT
        q1 = -v;
        // ok: SOL-NO-EFFECT
        q2 -= w;
        // ok: SOL-NO-EFFECT
        require(q2 >= w, "low");
        // ok: SOL-NO-EFFECT
        q2 = w == 0 ? 1 : w;
    }
}
