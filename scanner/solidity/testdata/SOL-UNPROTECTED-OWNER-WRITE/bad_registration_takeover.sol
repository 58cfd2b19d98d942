pragma solidity ^0.5.0;

// The same record, registered without checking that nobody holds it: the
// caller becomes its last holder and may hand it on. Names are opaque.
contract C44 {
    struct R { address a; uint b; }
    mapping(bytes32 => R[]) q1;

    function h1(bytes32 k) public view returns (uint) {
        return q1[k].length;
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function f1(bytes32 k, bytes32 j) external {
        require(h1(j) == 0);
        R memory r;
        r.a = msg.sender;
        q1[k].push(r);
    }

    function f2(bytes32 k, address n) external {
        uint c = h1(k);
        require(c > 0);
        require(msg.sender == q1[k][c - 1].a);
        q1[k].push(R(n, now));
    }
}
