pragma solidity ^0.8.0;

contract Token {
    mapping(address => mapping(address => uint256)) public allowance;

    function increaseAllowance(address spender, uint256 added) external returns (bool) {
        // ok: SOL-ERC20-APPROVE-RACE
        allowance[msg.sender][spender] += added;
        return true;
    }
}
