// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20 {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

library SafeERC20 {
    function safeTransferFrom(IERC20 token, address from, address to, uint256 value) internal {
        require(token.transferFrom(from, to, value), "transfer");
    }
}

contract Staking {
    using SafeERC20 for IERC20;

    IERC20 public immutable stakingToken;
    mapping(address => uint256) public staked;
    uint256 public totalStaked;

    constructor(IERC20 t) {
        stakingToken = t;
    }

    function stake(uint256 amount) external {
        uint256 credited = amount;
        stakingToken.safeTransferFrom(msg.sender, address(this), amount);
        // ruleid: ECON-FEE-ON-TRANSFER-ACCOUNTING
        totalStaked = totalStaked + credited;
        staked[msg.sender] += credited;
    }
}
