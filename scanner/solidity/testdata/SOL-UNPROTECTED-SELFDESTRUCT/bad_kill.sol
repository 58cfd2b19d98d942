pragma solidity ^0.4.24;

contract Killable {
    function kill() public {
        // ruleid: SOL-UNPROTECTED-SELFDESTRUCT
        selfdestruct(msg.sender);
    }
}
