// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Clearing the marks of another record does not empty this one's.
contract Registry {
    struct Entry {
        uint256 id;
        mapping(uint256 => bool) marks;
    }

    mapping(uint256 => Entry) internal entries;

    function mark(uint256 id, uint256 key) external {
        entries[id].id = id;
        entries[id].marks[key] = true;
    }

    function replace(uint256 oldId, uint256 newId, uint256 key) external {
        delete entries[newId].marks[key];
        // ruleid: SOL-DELETE-MAPPING-STRUCT
        delete entries[oldId];
    }
}
