// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IUniswapV2Router02 {
    function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        returns (uint256[] memory amounts);
    function addLiquidity(address a, address b, uint256 da, uint256 db, uint256 ma, uint256 mb, address to, uint256 deadline)
        external
        returns (uint256, uint256, uint256);
}

contract Treasury {
    IUniswapV2Router02 public immutable router;
    uint256 public constant GRACE = 300;

    constructor(IUniswapV2Router02 r) {
        router = r;
    }

    function sell(uint256 amount, uint256 minOut, address[] calldata path) external {
        // ruleid: ECON-DEADLINE-TIMESTAMP
        router.swapExactTokensForTokens(amount, minOut, path, address(this), block.timestamp);
    }

    function provide(address a, address b, uint256 da, uint256 db, uint256 ma, uint256 mb) external {
        uint256 deadline = block.timestamp + GRACE;
        // ruleid: ECON-DEADLINE-TIMESTAMP
        router.addLiquidity(a, b, da, db, ma, mb, address(this), deadline);
    }
}
