pragma solidity ^0.4.24;

contract Map {
    address public owner;
    uint256[] map;

    function set(uint256 key, uint256 value) public {
        if (map.length <= key) {
            // ruleid: SOL-ARBITRARY-STORAGE-WRITE
            map.length = key + 1;
        }
        // ruleid: SOL-ARBITRARY-STORAGE-WRITE
        map[key] = value;
    }
}
