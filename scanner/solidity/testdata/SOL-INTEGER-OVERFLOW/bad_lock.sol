pragma solidity ^0.4.24;

contract TimeLock {
    mapping(address => uint) public lockTime;
    uint public count = 1;

    function increaseLockTime(uint secondsToIncrease) public {
        // ruleid: SOL-INTEGER-OVERFLOW
        lockTime[msg.sender] += secondsToIncrease;
    }

    function consume(uint input) public {
        // ruleid: SOL-INTEGER-OVERFLOW
        count -= input;
    }
}
