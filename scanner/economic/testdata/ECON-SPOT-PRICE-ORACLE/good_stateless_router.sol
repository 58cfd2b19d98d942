// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IPair7 {
    function getReserves() external view returns (uint112, uint112, uint32);
    function swap(uint256 a0, uint256 a1, address to, bytes calldata d) external;
}

interface IT7 {
    function transferFrom(address a, address b, uint256 v) external returns (bool);
}

/// A router: no mutable state, so a moved price corrupts no accounting of
/// its own. It sizes the caller's trade at the pool's current price, the
/// caller bounds it, and the pool's invariant protects the pool.
contract Q7 {
    IPair7 public immutable q1;
    IT7 public immutable q2;

    constructor(IPair7 p, IT7 t) {
        q1 = p;
        q2 = t;
    }

    function h1(uint256 a, uint256 rIn, uint256 rOut) internal pure returns (uint256) {
        uint256 x = a * 997;
        return (x * rOut) / (rIn * 1000 + x);
    }

    function f1(uint256 a, uint256 minOut, address to) external returns (uint256 out) {
        // ok: ECON-SPOT-PRICE-ORACLE
        (uint112 r0, uint112 r1, ) = q1.getReserves();
        out = h1(a, r0, r1);
        require(out >= minOut, "slippage");
        require(q2.transferFrom(msg.sender, address(q1), a));
        q1.swap(0, out, to, "");
    }

    function f2(uint256 a) external view returns (uint256) {
        // ok: ECON-SPOT-PRICE-ORACLE
        (uint112 r0, uint112 r1, ) = q1.getReserves();
        return h1(a, r0, r1);
    }
}
