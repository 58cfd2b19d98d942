pragma solidity ^0.4.24;

contract Bonus {
    uint[] codes;

    function pop() public {
        // ruleid: SOL-ARBITRARY-STORAGE-WRITE
        codes.length--;
    }

    function shrink(uint n) public {
        // ruleid: SOL-ARBITRARY-STORAGE-WRITE
        codes.length -= n;
    }
}
