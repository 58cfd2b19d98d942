// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// The record keeps the keys it used; removal empties each entry of the
// inner mapping first, through a storage pointer or the path itself, and
// only then deletes the record.
contract Registry {
    struct Entry {
        uint256 id;
        uint256[] keys;
        mapping(uint256 => bool) marks;
    }

    mapping(uint256 => Entry) internal entries;

    function mark(uint256 id, uint256 key) external {
        Entry storage e = entries[id];
        e.id = id;
        e.keys.push(key);
        e.marks[key] = true;
    }

    function remove(uint256 id) external {
        Entry storage e = entries[id];
        for (uint256 i = 0; i < e.keys.length; i++) {
            delete e.marks[e.keys[i]];
        }
        // ok: SOL-DELETE-MAPPING-STRUCT
        delete entries[id];
    }

    function removeDirect(uint256 id) external {
        uint256[] storage ks = entries[id].keys;
        for (uint256 i = 0; i < ks.length; i++) {
            entries[id].marks[ks[i]] = false;
        }
        // ok: SOL-DELETE-MAPPING-STRUCT
        delete entries[id];
    }
}
