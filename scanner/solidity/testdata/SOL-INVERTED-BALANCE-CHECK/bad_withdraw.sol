pragma solidity ^0.4.24;

contract Wallet {
    mapping(address => uint256) balances;

    function withdraw(uint256 amount) public {
        // ruleid: SOL-INVERTED-BALANCE-CHECK
        require(amount >= balances[msg.sender]);
        msg.sender.transfer(amount);
        balances[msg.sender] -= amount;
    }
}
