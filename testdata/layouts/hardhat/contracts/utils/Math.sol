// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

library Math {
    function add(uint256 a, uint256 b) internal pure returns (uint256) {
        return a + b;
    }
}

/// @notice Fee settings whose setter trusts tx.origin.
contract Fees {
    address admin = msg.sender;
    uint256 public bps;

    function setBps(uint256 v) external {
        require(tx.origin == admin);
        bps = v;
    }
}
