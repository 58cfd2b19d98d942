pragma solidity ^0.4.24;

contract Token {
    mapping(address => mapping(address => uint256)) allowed;

    function approve(address spender, uint256 value) public returns (bool) {
        // ruleid: SOL-ERC20-APPROVE-RACE
        allowed[msg.sender][spender] = value;
        return true;
    }
}
