pragma solidity ^0.4.11;

contract Old {
    address owner;

    function close(address to) {
        // ruleid: SOL-UNPROTECTED-SELFDESTRUCT
        suicide(to);
    }
}
