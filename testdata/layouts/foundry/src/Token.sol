// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

type Shares is uint256;

using {add as +, eq as ==} for Shares global;

function add(Shares a, Shares b) pure returns (Shares) {
    return Shares.wrap(Shares.unwrap(a) + Shares.unwrap(b));
}

function eq(Shares a, Shares b) pure returns (bool) {
    return Shares.unwrap(a) == Shares.unwrap(b);
}

function toShares(uint256 v) pure returns (Shares) {
    return Shares.wrap(v);
}

/// @notice A share token whose admin check trusts tx.origin.
contract Token {
    address public admin = msg.sender;
    mapping(address => Shares) public shares;

    function mint(address to, uint256 v) external {
        require(tx.origin == admin, "admin");
        shares[to] = shares[to] + toShares(v);
    }
}
