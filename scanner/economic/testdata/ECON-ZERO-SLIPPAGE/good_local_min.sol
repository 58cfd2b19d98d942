// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IR42 {
    function swapExactTokensForTokens(uint256 a, uint256 m, address[] calldata p, address to, uint256 d)
        external
        returns (uint256[] memory);
}

/// The minimum is a local that starts at 0 but holds the caller's value
/// (on every path, or on some) when the swap reads it.
contract Q42 {
    IR42 q1;

    function f1(uint256 a, uint256 x, address[] calldata p, uint256 d) external {
        uint256 m = 0;
        m = x;
        // ok: ECON-ZERO-SLIPPAGE
        q1.swapExactTokensForTokens(a, m, p, msg.sender, d);
    }

    function f2(uint256 a, uint256 x, address[] calldata p, uint256 d) external {
        uint256 m;
        if (x > 0) {
            m = x * 99 / 100;
        }
        require(m > 0);
        // ok: ECON-ZERO-SLIPPAGE
        q1.swapExactTokensForTokens(a, m, p, msg.sender, d);
    }
}
