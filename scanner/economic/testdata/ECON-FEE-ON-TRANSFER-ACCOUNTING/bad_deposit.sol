// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20 {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
}

contract Escrow {
    mapping(address => mapping(address => uint256)) public deposited;
    uint256 public totalDeposited;

    function deposit(IERC20 token, uint256 amount) external {
        require(token.transferFrom(msg.sender, address(this), amount), "transfer");
        // ruleid: ECON-FEE-ON-TRANSFER-ACCOUNTING
        deposited[address(token)][msg.sender] += amount;
        totalDeposited = totalDeposited + amount;
    }

    function withdraw(IERC20 token, uint256 amount) external {
        deposited[address(token)][msg.sender] -= amount;
        require(token.transfer(msg.sender, amount), "transfer");
    }
}
