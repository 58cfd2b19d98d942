pragma solidity ^0.8.0;

// Both entries copied first, both written back from the copies: with the
// same key twice, the credit overwrites the debit.
contract C100 {
    mapping(address => uint256) q1;
    struct A { uint128 v; uint128 w; }
    mapping(uint256 => A) q2;

    function f1(address a, address b, uint256 x) external {
        require(a == msg.sender, "no");
        uint256 p = q1[a];
        uint256 r = q1[b];
        require(p >= x, "low");
        q1[a] = p - x;
        // ruleid: SOL-STALE-ENTRY-WRITE
        q1[b] = r + x;
    }

    function f2(uint256 i, uint256 j, uint128 x) external {
        uint128 p = q2[i].v;
        uint128 r = q2[j].v;
        q2[i].v = p - x;
        // ruleid: SOL-STALE-ENTRY-WRITE
        q2[j].v = r + x;
    }
}
