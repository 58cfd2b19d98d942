// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IR50 {
    function swapExactTokensForTokens(uint256 a, uint256 m, address[] calldata p, address to, uint256 d)
        external
        returns (uint256[] memory);
    function removeLiquidity(address x, address y, uint256 l, uint256 ax, uint256 ay, address to, uint256 d)
        external
        returns (uint256, uint256);
}

/// Deadlines no block reaches: the largest integer, spelt several ways,
/// directly or through a local.
contract Q50 {
    IR50 q1;
    address q2;
    address q3;

    function f1(uint256 a, uint256 m, address[] calldata p) external {
        // ruleid: ECON-DEADLINE-TIMESTAMP
        q1.swapExactTokensForTokens(a, m, p, msg.sender, type(uint256).max);
    }

    function f2(uint256 a, uint256 m, address[] calldata p) external {
        uint256 d = ~uint256(0);
        // ruleid: ECON-DEADLINE-TIMESTAMP
        q1.swapExactTokensForTokens(a, m, p, msg.sender, d);
    }

    function f3(uint256 l, uint256 x, uint256 y) external {
        // ruleid: ECON-DEADLINE-TIMESTAMP
        q1.removeLiquidity(q2, q3, l, x, y, msg.sender, 0xffffffffffffffffffffffffffffffff);
    }
}
