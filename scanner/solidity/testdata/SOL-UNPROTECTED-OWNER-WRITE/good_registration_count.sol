pragma solidity ^0.5.0;

// A record anyone may register once: a helper counting its holders must
// say none, and the fee is paid. The last holder may hand it on. Names
// are opaque.
contract C43 {
    struct R { address a; uint b; }
    mapping(bytes32 => R[]) q1;
    uint q2;

    function h1(bytes32 k) public view returns (uint) {
        return q1[k].length;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f1(bytes32 k) external payable {
        require(h1(k) == 0);
        require(msg.value == q2);
        R memory r;
        r.a = msg.sender;
        r.b = now;
        q1[k].push(r);
    }

    function f2(bytes32 k, address n) external {
        uint c = h1(k);
        require(c > 0);
        require(msg.sender == q1[k][c - 1].a);
        q1[k].push(R(n, now));
    }
}
