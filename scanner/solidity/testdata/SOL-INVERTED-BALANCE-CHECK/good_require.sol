pragma solidity ^0.4.24;

contract Wallet {
    mapping(address => uint256) balances;

    function withdraw(uint256 amount) public {
        // ok: SOL-INVERTED-BALANCE-CHECK
        require(balances[msg.sender] >= amount);
        balances[msg.sender] -= amount;
        msg.sender.transfer(amount);
    }
}
