pragma solidity ^0.8.0;

contract Holder {
    struct Item {
        uint256 id;
    }

    function make(uint256 id) external pure returns (uint256) {
        // ok: SOL-UNINIT-STORAGE-POINTER
        Item memory it = Item(id);
        // ok: SOL-UNINIT-STORAGE-POINTER
        uint256 plain;
        return it.id + plain;
    }
}
