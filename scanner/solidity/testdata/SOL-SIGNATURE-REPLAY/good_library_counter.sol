pragma solidity ^0.8.0;

library L1 {
    struct S1 {
        uint256 v;
    }

    function g1(S1 storage c) internal view returns (uint256) {
        return c.v;
    }

    function g2(S1 storage c) internal {
        unchecked {
            c.v += 1;
        }
    }
}

// Nonces kept in a library counter the contract hands its storage to, and
// a verifier whose condition reads the nonce the caller then advances.
// Names are opaque.
contract C52 {
    using L1 for L1.S1;
    mapping(address => L1.S1) q1;
    mapping(address => uint256) q2;
    mapping(address => address) q3;

    function h1(address a) internal returns (uint256 n) {
        L1.S1 storage c = q1[a];
        n = c.g1();
        c.g2();
    }

    function f1(address d, uint256 n, uint8 v, bytes32 r, bytes32 s) external {
        // ok: SOL-SIGNATURE-REPLAY
        address w = ecrecover(keccak256(abi.encode(block.chainid, this, d, n)), v, r, s);
        require(n == h1(w));
        q3[w] = d;
    }

    function h2(address a, uint256 n, uint8 v, bytes32 r, bytes32 s) public view returns (bool) {
        address w = ecrecover(keccak256(abi.encode(block.chainid, this, a, n)), v, r, s);
        return q2[a] == n && w == a;
    }

    function f2(address a, uint256 n, uint8 v, bytes32 r, bytes32 s, address t) external {
        // ok: SOL-SIGNATURE-REPLAY
        require(h2(a, n, v, r, s));
        q2[a] = n + 1;
        q3[a] = t;
    }
}
