// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IUniswapV2Router02 {
    function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        returns (uint256[] memory amounts);
}

interface ICurvePool {
    function exchange(int128 i, int128 j, uint256 dx, uint256 min_dy) external returns (uint256);
}

contract Zap {
    IUniswapV2Router02 public immutable router;
    ICurvePool public immutable curve;

    constructor(IUniswapV2Router02 r, ICurvePool c) {
        router = r;
        curve = c;
    }

    function zap(uint256 amountIn, uint256 minOut, address[] calldata path, uint256 deadline) external {
        // ok: ECON-ZERO-SLIPPAGE
        router.swapExactTokensForTokens(amountIn, minOut, path, msg.sender, deadline);
    }

    function toStable(uint256 amount, uint256 minDy) external {
        // ok: ECON-ZERO-SLIPPAGE
        curve.exchange(0, 1, amount, minDy);
    }
}
