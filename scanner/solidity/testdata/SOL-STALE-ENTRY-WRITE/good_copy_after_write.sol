pragma solidity ^0.8.0;

// The second entry is copied after the first is written back: for a
// transfer to oneself it reads the debited balance, so the credit restores
// it exactly.
contract C80 {
    struct S {
        uint128 a;
        uint128 b;
    }
    mapping(address => S) q1;

    function f1(address x, address y, uint128 v) external {
        uint128 o1 = q1[x].a;
        q1[x].a = o1 - v;
        uint128 o2 = q1[y].a;
        // ok: SOL-STALE-ENTRY-WRITE
        q1[y].a = o2 + v;
    }
}
