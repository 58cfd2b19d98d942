pragma solidity ^0.4.24;

contract Killable {
    address owner;

    function kill() public {
        if (msg.sender != owner) throw;
        // ok: SOL-UNPROTECTED-SELFDESTRUCT
        selfdestruct(owner);
    }
}
