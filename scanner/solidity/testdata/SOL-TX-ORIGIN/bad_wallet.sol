pragma solidity ^0.4.24;

contract Wallet {
    address owner;

    function Wallet() public {
        owner = msg.sender;
    }

    function withdrawAll(address to) public {
        // ruleid: SOL-TX-ORIGIN
        require(tx.origin == owner);
        to.transfer(this.balance);
    }
}
