pragma solidity ^0.4.24;

contract Treasury {
    address public owner;

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function Treasury() public {
        owner = msg.sender;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function deposit() public payable {
    }
}
