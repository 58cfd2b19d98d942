// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Unchecked arithmetic after the check that makes it safe, and loop
/// counters: the shapes audited code uses unchecked for.
contract Ledger {
    error Insufficient(uint256 have, uint256 want);

    mapping(address => uint256) public balanceOf;

    function burn(uint256 value) external {
        uint256 have = balanceOf[msg.sender];
        if (have < value) revert Insufficient(have, value);
        unchecked {
            // ok: SOL-INTEGER-OVERFLOW
            balanceOf[msg.sender] = have - value;
        }
    }

    function sum(uint256[] calldata xs) external pure returns (uint256 total) {
        for (uint256 i = 0; i < xs.length; ) {
            total += xs[i];
            unchecked {
                // ok: SOL-INTEGER-OVERFLOW
                ++i;
            }
        }
    }

    function withdraw(uint256 value) external {
        require(balanceOf[msg.sender] >= value, "balance");
        unchecked {
            // ok: SOL-INTEGER-OVERFLOW
            balanceOf[msg.sender] -= value;
        }
    }
}
