// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface ISwapRouter {
    struct ExactInputParams {
        bytes path;
        address recipient;
        uint256 deadline;
        uint256 amountIn;
        uint256 amountOutMinimum;
    }
    function exactInput(ExactInputParams calldata params) external payable returns (uint256 amountOut);
}

contract MultiHopSafe {
    ISwapRouter public immutable router;

    constructor(ISwapRouter r) {
        router = r;
    }

    function swap(bytes calldata path, uint256 amountIn, uint256 minOut, uint256 deadline) external returns (uint256) {
        // ok: ECON-DEADLINE-TIMESTAMP
        return router.exactInput(
            ISwapRouter.ExactInputParams({
                path: path,
                recipient: msg.sender,
                deadline: deadline,
                amountIn: amountIn,
                amountOutMinimum: minOut
            })
        );
    }
}
