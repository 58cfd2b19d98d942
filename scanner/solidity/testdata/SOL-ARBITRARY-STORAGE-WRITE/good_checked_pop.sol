pragma solidity ^0.4.24;

contract Queue {
    uint[] items;

    function pop() public {
        require(items.length > 0);
        // ok: SOL-ARBITRARY-STORAGE-WRITE
        items.length--;
    }
}
