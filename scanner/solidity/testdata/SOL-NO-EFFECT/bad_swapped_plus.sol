pragma solidity ^0.4.24;

// "=+" where "+=" was meant: the grammar has no unary plus, so the file
// used not to parse at all; the pre-pass lets it parse and the statement
// is reported. A pre-increment assigned and a compound addition are left
// alone. Names are opaque.
contract C162 {
    uint256 q1;
    uint256 q2;

    function f1(uint256 v) public {
        // ruleid: SOL-NO-EFFECT
        q1 =+ v;
        // ruleid: SOL-NO-EFFECT
        q2 =+ 1;
        // ok: SOL-NO-EFFECT
        q1 = ++v;
        // ok: SOL-NO-EFFECT
        q2 += v;
    }
}
