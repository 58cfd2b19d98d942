pragma solidity ^0.4.24;

contract Wallet {
    mapping(address => uint256) balances;

    function withdraw(uint256 amount) public {
        // ok: SOL-INVERTED-BALANCE-CHECK
        if (amount > balances[msg.sender]) throw;
        balances[msg.sender] -= amount;
    }
}
