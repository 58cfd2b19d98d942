pragma solidity ^0.8.0;

library L1 {
    struct S1 {
        uint256 v;
    }

    function g1(S1 storage c) internal view returns (uint256) {
        return c.v;
    }
}

// The nonce is read through a library but never advanced, and a verifier
// checks a nonce the function never moves. Names are opaque.
contract C53 {
    using L1 for L1.S1;
    mapping(address => L1.S1) q1;
    mapping(address => uint256) q2;
    mapping(address => address) q3;

    function h1(address a) internal view returns (uint256) {
        return q1[a].g1();
    }

    function f1(address d, uint256 n, uint8 v, bytes32 r, bytes32 s) external {
        // ruleid: SOL-SIGNATURE-REPLAY
        address w = ecrecover(keccak256(abi.encode(d, n)), v, r, s);
        require(n == h1(w));
        q3[w] = d;
    }

    function h2(address a, uint256 n, uint8 v, bytes32 r, bytes32 s) public view returns (bool) {
        address w = ecrecover(keccak256(abi.encode(a, n)), v, r, s);
        return q2[a] == n && w == a;
    }

    function f2(address a, uint256 n, uint8 v, bytes32 r, bytes32 s, address t) external {
        // ruleid: SOL-SIGNATURE-REPLAY
        require(h2(a, n, v, r, s));
        q3[a] = t;
    }
}
