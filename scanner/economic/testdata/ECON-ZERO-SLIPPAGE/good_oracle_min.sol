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

interface IOracle {
    function priceOf(address token) external view returns (uint256);
}

/// The minimum comes from an external oracle price, less 1%.
contract OracleBoundSwapper {
    ISwapRouter public immutable router;
    IOracle public immutable oracle;

    constructor(ISwapRouter r, IOracle o) {
        router = r;
        oracle = o;
    }

    function sell(address tokenIn, address tokenOut, uint256 amount, uint256 deadline) external returns (uint256) {
        uint256 expected = (amount * oracle.priceOf(tokenIn)) / oracle.priceOf(tokenOut);
        // ok: ECON-ZERO-SLIPPAGE
        return router.exactInputSingle(
            ISwapRouter.ExactInputSingleParams({
                tokenIn: tokenIn,
                tokenOut: tokenOut,
                fee: 500,
                recipient: msg.sender,
                deadline: deadline,
                amountIn: amount,
                amountOutMinimum: (expected * 99) / 100,
                sqrtPriceLimitX96: 0
            })
        );
    }
}
