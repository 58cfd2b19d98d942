// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20 {
    function balanceOf(address who) external view returns (uint256);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

contract MeasuredEscrow {
    mapping(address => uint256) public deposited;

    function deposit(IERC20 token, uint256 amount) external {
        uint256 before = token.balanceOf(address(this));
        require(token.transferFrom(msg.sender, address(this), amount), "transfer");
        uint256 received = token.balanceOf(address(this)) - before;
        // ok: ECON-FEE-ON-TRANSFER-ACCOUNTING
        deposited[msg.sender] += received;
    }
}
