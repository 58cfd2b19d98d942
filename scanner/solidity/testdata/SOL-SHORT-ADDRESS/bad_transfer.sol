pragma solidity ^0.4.18;

contract Coin {
    mapping(address => uint) balances;

    // ruleid: SOL-SHORT-ADDRESS
    function sendCoin(address to, uint amount) public returns (bool) {
        if (balances[msg.sender] < amount) return false;
        balances[msg.sender] -= amount;
        balances[to] += amount;
        return true;
    }
}
