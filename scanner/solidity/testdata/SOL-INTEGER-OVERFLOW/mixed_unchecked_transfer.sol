// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The amount was debited with checked arithmetic first: what moves
/// between balances cannot exceed the total supply, so the unchecked
/// credit cannot overflow.
contract LeanToken {
    mapping(address => uint256) public balanceOf;

    function transfer(address to, uint256 amount) external returns (bool) {
        balanceOf[msg.sender] -= amount;
        unchecked {
            // ok: SOL-INTEGER-OVERFLOW
            balanceOf[to] += amount;
        }
        return true;
    }

    function move(address from, address to, uint256 amount) external {
        require(msg.sender == from, "owner");
        uint256 left = balanceOf[from] - amount;
        balanceOf[from] = left;
        unchecked {
            // ok: SOL-INTEGER-OVERFLOW
            balanceOf[to] = balanceOf[to] + amount;
        }
    }

    /// Debited inside the unchecked block itself: nothing bounds it.
    function sloppy(address to, uint256 amount) external {
        unchecked {
            // ruleid: SOL-INTEGER-OVERFLOW
            balanceOf[msg.sender] -= amount;
            // ruleid: SOL-INTEGER-OVERFLOW
            balanceOf[to] += amount;
        }
    }
}
