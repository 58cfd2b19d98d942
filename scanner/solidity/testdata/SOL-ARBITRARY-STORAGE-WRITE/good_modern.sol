pragma solidity ^0.8.0;

contract Queue {
    uint256[] items;

    function pop() external {
        // ok: SOL-ARBITRARY-STORAGE-WRITE
        items.pop();
    }

    function set(uint256 i, uint256 v) external {
        // ok: SOL-ARBITRARY-STORAGE-WRITE
        items[i] = v;
    }
}
