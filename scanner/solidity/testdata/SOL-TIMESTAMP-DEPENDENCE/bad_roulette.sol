pragma solidity ^0.4.24;

contract Roulette {
    uint public pastBlockTime;

    function spin() public payable {
        // ruleid: SOL-TIMESTAMP-DEPENDENCE
        require(now != pastBlockTime);
        // ruleid: SOL-TIMESTAMP-DEPENDENCE
        pastBlockTime = now;
    }
}
