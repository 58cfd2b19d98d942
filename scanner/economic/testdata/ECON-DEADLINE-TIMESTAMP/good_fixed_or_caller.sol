// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IR51 {
    function swapExactTokensForTokens(uint256 a, uint256 m, address[] calldata p, address to, uint256 d)
        external
        returns (uint256[] memory);
}

/// A deadline from the caller, or a local that holds the maximum only on
/// some path (the caller's value otherwise): not flagged.
contract Q51 {
    IR51 q1;

    function f1(uint256 a, uint256 m, address[] calldata p, uint256 t) external {
        uint256 d = type(uint256).max;
        if (t != 0) {
            d = t;
        }
        // ok: ECON-DEADLINE-TIMESTAMP
        q1.swapExactTokensForTokens(a, m, p, msg.sender, d);
    }

    function f2(uint256 a, uint256 m, address[] calldata p, uint256 t) external {
        uint256 d = type(uint256).max;
        d = t;
        // ok: ECON-DEADLINE-TIMESTAMP
        q1.swapExactTokensForTokens(a, m, p, msg.sender, d);
    }
}
