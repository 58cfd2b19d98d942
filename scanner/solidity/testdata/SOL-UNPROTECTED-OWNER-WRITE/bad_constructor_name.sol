pragma solidity ^0.4.24;

contract Treasury {
    address public owner;

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function Tresury() public {
        owner = msg.sender;
    }

    function withdraw() public {
        require(msg.sender == owner);
        owner.transfer(this.balance);
    }
}
