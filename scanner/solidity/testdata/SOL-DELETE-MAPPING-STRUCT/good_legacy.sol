pragma solidity ^0.4.24;

/// 0.4: deleting a struct whose members are all values or arrays.
contract Registry {
    struct Entry {
        address owner;
        bytes32[] tags;
    }

    Entry[] entries;
    mapping(bytes32 => Entry) byName;

    function remove(uint i, bytes32 name) public {
        // ok: SOL-DELETE-MAPPING-STRUCT
        delete entries[i];
        // ok: SOL-DELETE-MAPPING-STRUCT
        delete byName[name];
    }
}
