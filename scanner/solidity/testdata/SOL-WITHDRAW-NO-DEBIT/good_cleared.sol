pragma solidity ^0.4.24;

contract Wallet {
    mapping(address => uint256) balances;

    function refund() public {
        uint256 amount = balances[msg.sender];
        balances[msg.sender] = 0;
        // ok: SOL-WITHDRAW-NO-DEBIT
        msg.sender.transfer(amount);
    }
}
