// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

library SafeCast {
    error Overflow(uint256 value);

    function toUint128(uint256 value) internal pure returns (uint128) {
        if (value > type(uint128).max) revert Overflow(value);
        return uint128(value);
    }
}

contract CheckedStaking {
    using SafeCast for uint256;

    mapping(address => uint128) public amountOf;

    function stake(uint256 amount) external {
        require(amount <= type(uint128).max, "too large");
        // ok: SOL-UNSAFE-DOWNCAST
        amountOf[msg.sender] += uint128(amount);
    }

    function stakeSafe(uint256 amount) external {
        // ok: SOL-UNSAFE-DOWNCAST
        amountOf[msg.sender] += amount.toUint128();
    }
}

/// The round-trip check (CryptoKitties' auction): the cast in the require
/// is the bound, and the casts after it are safe.
contract RoundTrip {
    struct Auction {
        uint128 price;
        uint64 duration;
    }

    mapping(uint256 => Auction) public auctions;

    function create(uint256 id, uint256 price, uint256 duration) external {
        // ok: SOL-UNSAFE-DOWNCAST
        require(price == uint256(uint128(price)));
        require(duration == uint256(uint64(duration)));
        // ok: SOL-UNSAFE-DOWNCAST
        auctions[id] = Auction(uint128(price), uint64(duration));
    }
}
