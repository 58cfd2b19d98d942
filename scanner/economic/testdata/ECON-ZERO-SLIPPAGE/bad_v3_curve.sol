// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface ISwapRouter {
    struct ExactInputSingleParams {
        address tokenIn;
        address tokenOut;
        uint24 fee;
        address recipient;
        uint256 deadline;
        uint256 amountIn;
        uint256 amountOutMinimum;
        uint160 sqrtPriceLimitX96;
    }
    function exactInputSingle(ExactInputSingleParams calldata params) external payable returns (uint256 amountOut);
}

interface ICurvePool {
    function exchange(int128 i, int128 j, uint256 dx, uint256 min_dy) external returns (uint256);
}

contract Rebalancer {
    ISwapRouter public immutable router;
    ICurvePool public immutable curve;

    constructor(ISwapRouter r, ICurvePool c) {
        router = r;
        curve = c;
    }

    function rebalance(address tokenIn, address tokenOut, uint256 amount, uint256 deadline) external returns (uint256) {
        // ruleid: ECON-ZERO-SLIPPAGE
        return router.exactInputSingle(
            ISwapRouter.ExactInputSingleParams({
                tokenIn: tokenIn,
                tokenOut: tokenOut,
                fee: 3000,
                recipient: address(this),
                deadline: deadline,
                amountIn: amount,
                amountOutMinimum: 0,
                sqrtPriceLimitX96: 0
            })
        );
    }

    function toStable(uint256 amount) external {
        // ruleid: ECON-ZERO-SLIPPAGE
        curve.exchange(0, 1, amount, 0);
    }
}
