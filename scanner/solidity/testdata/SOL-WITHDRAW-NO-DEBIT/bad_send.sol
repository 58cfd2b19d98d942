pragma solidity ^0.8.0;

contract Escrow {
    mapping(address => uint256) public deposits;

    function exit() external {
        // ruleid: SOL-WITHDRAW-NO-DEBIT
        payable(msg.sender).transfer(deposits[msg.sender]);
    }
}
