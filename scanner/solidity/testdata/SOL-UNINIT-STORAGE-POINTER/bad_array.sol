pragma solidity ^0.4.24;

contract Registrar {
    bool public unlocked = false;

    function register(uint x) public {
        // ruleid: SOL-UNINIT-STORAGE-POINTER
        uint[] list;
        list.push(x);
    }
}
