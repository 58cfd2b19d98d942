// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Writes through storage pointers persist.
contract Escrow {
    struct Deal {
        uint256 amount;
        bool released;
        uint256[] milestones;
    }

    mapping(uint256 => Deal) internal deals;
    Deal[] internal archive;

    function release(uint256 id) external {
        // ok: SOL-MEMORY-LOST-WRITE
        Deal storage d = deals[id];
        require(!d.released);
        d.released = true;
        d.milestones[0] = 1;
    }

    function f1(uint256 i) external {
        // ok: SOL-MEMORY-LOST-WRITE
        Deal storage q1 = archive[i];
        q1.amount += 1;
        g1(archive[i]);
    }

    function g1(Deal storage q2) internal {
        q2.released = false;
    }
}

contract Legacy {
    struct Entry {
        uint value;
    }

    mapping(uint => Entry) entries;

    function bump(uint k) public {
        // ok: SOL-MEMORY-LOST-WRITE
        Entry e = entries[k];
        e.value += 1;
    }
}
