// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Ordered {
    uint256 public constant BPS = 10_000;

    function fee(uint256 amount, uint256 feeBps) external pure returns (uint256) {
        // ok: SOL-DIVIDE-BEFORE-MULTIPLY
        return (amount * feeBps) / BPS;
    }

    function perDay(uint256 amount, uint256 days_) external pure returns (uint256 daily, uint256 total) {
        // ok: SOL-DIVIDE-BEFORE-MULTIPLY
        total = amount * days_;
        daily = total / 365;
    }
}
