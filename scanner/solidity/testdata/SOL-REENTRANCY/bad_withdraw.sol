pragma solidity ^0.4.24;

contract Bank {
    mapping(address => uint) public balances;

    function deposit() public payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw(uint amount) public {
        require(balances[msg.sender] >= amount);
        // ruleid: SOL-REENTRANCY
        if (msg.sender.call.value(amount)()) {
            balances[msg.sender] -= amount;
        }
    }
}
