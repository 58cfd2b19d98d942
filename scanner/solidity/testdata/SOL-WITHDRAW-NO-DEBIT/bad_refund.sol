pragma solidity ^0.4.24;

contract Wallet {
    mapping(address => uint256) balances;

    function deposit() public payable {
        balances[msg.sender] += msg.value;
    }

    function refund() public {
        // ruleid: SOL-WITHDRAW-NO-DEBIT
        msg.sender.transfer(balances[msg.sender]);
    }
}
