pragma solidity ^0.4.24;

contract Puzzle {
    address owner;
    uint reward;

    function Puzzle() public {
        owner = msg.sender;
    }

    function setReward() public payable {
        require(msg.sender == owner);
        // ruleid: SOL-TOD-PAYMENT
        owner.transfer(reward);
        reward = msg.value;
    }

    function claim(uint solution) public {
        require(solution < 10);
        // ruleid: SOL-TOD-PAYMENT
        msg.sender.transfer(reward);
    }
}
