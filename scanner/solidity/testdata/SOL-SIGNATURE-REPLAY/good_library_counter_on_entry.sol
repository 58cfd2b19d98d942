pragma solidity ^0.8.0;

library L4 {
    struct S4 {
        uint256 v;
    }

    function g1(S4 storage c) internal view returns (uint256) {
        return c.v;
    }

    function g2(S4 storage c) internal {
        c.v += 1;
    }
}

// The nonce read into the digest is advanced by a library function called
// on the signer's own entry (q1[a].g2()), with no local in between.
// Names are opaque.
contract C54 {
    using L4 for L4.S4;
    mapping(address => L4.S4) q1;
    mapping(address => mapping(address => uint256)) q3;

    function f1(address a, address d, uint256 x, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 h = keccak256(abi.encode(block.chainid, address(this), a, d, x, q1[a].g1()));
        // ok: SOL-SIGNATURE-REPLAY
        address w = ecrecover(h, v, r, s);
        require(w == a && w != address(0));
        q1[a].g2();
        q3[a][d] = x;
    }
}
