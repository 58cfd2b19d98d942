pragma solidity ^0.8.0;

library L133 {
    function r1(bytes32 h, uint8 v, bytes32 a, bytes32 b) internal pure returns (address) {
        address w = ecrecover(h, v, a, b);
        require(w != address(0), "zero");
        return w;
    }
}

// The nonce in the digest is consumed by helpers after the recovery:
// one bumps the signer's counter, one marks the nonce used.
contract C133 {
    using L133 for bytes32;
    mapping(address => uint256) q1;
    mapping(address => mapping(bytes32 => bool)) q2;
    mapping(address => uint256) q3;

    function g1(address o, uint256 n) internal {
        uint256 c = q1[o]++;
        require(n == c, "nonce");
    }

    function g2(address o, bytes32 n, address t, uint256 x) internal {
        require(!q2[o][n], "used");
        q2[o][n] = true;
        q3[o] -= x;
        q3[t] += x;
    }

    function f1(address d, uint256 n, uint8 v, bytes32 a, bytes32 b) external {
        // ok: SOL-SIGNATURE-REPLAY
        address w = keccak256(abi.encode(d, n, block.chainid)).r1(v, a, b);
        g1(w, n);
        q3[d] = q3[w];
    }

    function f2(address o, address t, uint256 x, bytes32 n, uint8 v, bytes32 a, bytes32 b) external {
        bytes32 h = keccak256(abi.encode(o, t, x, n, block.chainid, address(this)));
        // ok: SOL-SIGNATURE-REPLAY
        require(o == h.r1(v, a, b), "sig");
        g2(o, n, t, x);
    }
}
