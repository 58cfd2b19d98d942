// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IR40 {
    function swapExactTokensForTokens(uint256 a, uint256 m, address[] calldata p, address to, uint256 d)
        external
        returns (uint256[] memory);
}

interface IR41 {
    struct P41 {
        address tokenIn;
        address tokenOut;
        uint24 fee;
        address recipient;
        uint256 deadline;
        uint256 amountIn;
        uint256 amountOutMinimum;
        uint160 sqrtPriceLimitX96;
    }

    function exactInputSingle(P41 calldata p) external payable returns (uint256);
}

/// The minimum is a local that holds 0 when the swap reads it: assigned
/// the literal, declared without a value, or a constant expression.
contract Q40 {
    IR40 q1;
    IR41 q2;
    address q3;
    address q4;

    function f1(uint256 a, address[] calldata p, uint256 d) external {
        uint256 m = 0;
        // ruleid: ECON-ZERO-SLIPPAGE
        q1.swapExactTokensForTokens(a, m, p, msg.sender, d);
    }

    function f2(uint256 a, uint256 d) external {
        uint256 m;
        // ruleid: ECON-ZERO-SLIPPAGE
        q2.exactInputSingle(IR41.P41({tokenIn: q3, tokenOut: q4, fee: 3000, recipient: msg.sender, deadline: d, amountIn: a, amountOutMinimum: m, sqrtPriceLimitX96: 0}));
    }

    function f3(uint256 a, address[] calldata p, uint256 d) external {
        uint256 k = 5;
        uint256 m = k - 5;
        // ruleid: ECON-ZERO-SLIPPAGE
        q1.swapExactTokensForTokens(a, m, p, msg.sender, d);
    }
}
