pragma solidity ^0.8.0;

interface IERC20 {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

contract Staking {
    IERC20 public token;

    function stake(uint256 amount) external {
        // ruleid: SOL-UNCHECKED-ERC20-TRANSFER
        token.transferFrom(msg.sender, address(this), amount);
    }

    function unstake(uint256 amount) external {
        // ruleid: SOL-UNCHECKED-ERC20-TRANSFER
        token.transfer(msg.sender, amount);
    }
}
