// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// 0.8 checks arithmetic, except inside unchecked blocks, where a
/// gas-saving habit wraps a caller's value.
contract Points {
    mapping(address => uint256) public points;
    mapping(address => uint64) public unlockAt;

    function spend(uint256 amount) external {
        unchecked {
            // ruleid: SOL-INTEGER-OVERFLOW
            points[msg.sender] -= amount;
        }
    }

    function extend(uint64 extra) external {
        uint64 current = unlockAt[msg.sender];
        unchecked {
            // ruleid: SOL-INTEGER-OVERFLOW
            unlockAt[msg.sender] = current + extra;
        }
    }

    function grant(address to, uint256 amount) external {
        // Checked: reverts on overflow.
        // ok: SOL-INTEGER-OVERFLOW
        points[to] = points[to] + amount;
    }
}
