pragma solidity ^0.8.0;

interface IERC20 {
    function transfer(address to, uint256 amount) external returns (bool);
}

contract Staking {
    IERC20 public token;

    function unstake(uint256 amount) external {
        // ok: SOL-UNCHECKED-ERC20-TRANSFER
        require(token.transfer(msg.sender, amount), "transfer failed");
    }
}
