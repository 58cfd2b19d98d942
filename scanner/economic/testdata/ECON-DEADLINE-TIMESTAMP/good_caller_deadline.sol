// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IUniswapV2Router02 {
    function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        returns (uint256[] memory amounts);
}

contract UserSwap {
    IUniswapV2Router02 public immutable router;

    constructor(IUniswapV2Router02 r) {
        router = r;
    }

    function sell(uint256 amount, uint256 minOut, address[] calldata path, uint256 deadline) external {
        require(deadline >= block.timestamp, "expired");
        // ok: ECON-DEADLINE-TIMESTAMP
        router.swapExactTokensForTokens(amount, minOut, path, msg.sender, deadline);
    }
}
