// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A helper that skips checks where the invariant holds: the debit is
// bounded by the balance it was checked against, and the credit moves the
// amount just debited, which no balance can exceed.
contract Ledger {
    mapping(address => uint256) public held;

    function _relocate(address from, address to, uint256 v) internal {
        uint256 f = held[from];
        require(f >= v, "low");
        unchecked {
            // ok: SOL-INTEGER-OVERFLOW
            held[from] = f - v;
            // ok: SOL-INTEGER-OVERFLOW
            held[to] += v;
        }
    }

    function give(address to, uint256 v) external {
        _relocate(msg.sender, to, v);
    }
}
