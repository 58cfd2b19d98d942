pragma solidity ^0.8.0;

library L5 {
    struct S5 {
        uint256 v;
    }

    function g1(S5 storage c) internal view returns (uint256) {
        return c.v;
    }

    function g2(S5 storage c) internal {
        c.v += 1;
    }
}

// A library counter is advanced, but it is not the one the digest reads:
// the signature stays valid for the next call. Names are opaque.
contract C55 {
    using L5 for L5.S5;
    mapping(address => L5.S5) q1;
    L5.S5 q2;
    mapping(address => mapping(address => uint256)) q3;

    function f1(address a, address d, uint256 x, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 h = keccak256(abi.encode(block.chainid, address(this), a, d, x, q1[a].g1()));
        // ruleid: SOL-SIGNATURE-REPLAY
        address w = ecrecover(h, v, r, s);
        require(w == a && w != address(0));
        q2.g2();
        q3[a][d] = x;
    }
}
