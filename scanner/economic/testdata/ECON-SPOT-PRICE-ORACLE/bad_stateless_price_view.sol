// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IPair6 {
    function getReserves() external view returns (uint112, uint112, uint32);
}

/// An adapter with no state of its own that hands out the pool's current
/// price per unit: whoever reads it as an oracle can be manipulated.
contract Q6 {
    IPair6 public immutable q1;

    constructor(IPair6 p) {
        q1 = p;
    }

    function f1() external view returns (uint256) {
        // ruleid: ECON-SPOT-PRICE-ORACLE
        (uint112 r0, uint112 r1, ) = q1.getReserves();
        return uint256(r1) * 1e18 / uint256(r0);
    }
}
