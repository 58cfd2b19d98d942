// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IUniswapV2Router02 {
    function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        returns (uint256[] memory amounts);
    function getAmountsOut(uint256 amountIn, address[] calldata path) external view returns (uint256[] memory amounts);
}

/// A public harvest that sells rewards at any price: a searcher
/// sandwiches every call.
contract AutoCompounder {
    IUniswapV2Router02 public immutable router;
    address public immutable reward;
    address public immutable want;
    uint256 public deadlineWindow = 600;

    constructor(IUniswapV2Router02 r, address rw, address w) {
        router = r;
        reward = rw;
        want = w;
    }

    function harvest(uint256 rewards) external {
        address[] memory path = new address[](2);
        path[0] = reward;
        path[1] = want;
        // ruleid: ECON-ZERO-SLIPPAGE
        router.swapExactTokensForTokens(rewards, 0, path, address(this), block.timestamp + deadlineWindow);
    }

    function harvestQuoted(uint256 rewards) external {
        address[] memory path = new address[](2);
        path[0] = reward;
        path[1] = want;
        uint256[] memory quote = router.getAmountsOut(rewards, path);
        uint256 minOut = (quote[1] * 99) / 100;
        // ruleid: ECON-ZERO-SLIPPAGE
        router.swapExactTokensForTokens(rewards, minOut, path, address(this), block.timestamp + deadlineWindow);
    }
}
