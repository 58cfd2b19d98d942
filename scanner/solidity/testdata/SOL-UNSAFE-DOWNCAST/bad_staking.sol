// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Packs stakes into narrow slots without checking the caller's amount.
contract PackedStaking {
    struct Stake {
        uint128 amount;
        uint64 since;
    }

    mapping(address => Stake) public stakes;
    uint128 public totalStaked;

    function stake(uint256 amount) external payable {
        require(msg.value == amount, "value");
        // ruleid: SOL-UNSAFE-DOWNCAST
        uint128 packed = uint128(amount);
        stakes[msg.sender].amount += packed;
        totalStaked += packed;
    }

    function stakeFor(address who, uint256 amount, uint256 bonusBps) external {
        uint256 credited = amount + (amount * bonusBps) / 10_000;
        // ruleid: SOL-UNSAFE-DOWNCAST
        stakes[who].amount = uint128(credited);
    }
}
