// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Rounding down to a whole unit on purpose: divided and multiplied by the
/// same unit.
contract Lots {
    uint256 public constant LOT = 1e18;

    function wholeLots(uint256 amount) external pure returns (uint256) {
        // ok: SOL-DIVIDE-BEFORE-MULTIPLY
        return (amount / LOT) * LOT;
    }

    function aligned(uint256 at, uint256 step) external pure returns (uint256) {
        // ok: SOL-DIVIDE-BEFORE-MULTIPLY
        return at / step * step;
    }
}
