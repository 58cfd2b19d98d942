pragma solidity ^0.4.24;

contract Wallet {
    mapping(address => uint256) balances;

    function refund() public {
        // ok: SOL-WITHDRAW-NO-DEBIT
        msg.sender.transfer(balances[msg.sender]);
        balances[msg.sender] = 0;
    }
}
