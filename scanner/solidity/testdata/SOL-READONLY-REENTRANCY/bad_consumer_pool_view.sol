// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A pool known by its interface: it takes ether (a payable entry), so it
/// pays ether out with a call, and its views can be read while that call
/// runs, before it has finished updating.
interface I20 {
    function g1() external view returns (uint256);
    function g2(uint256 x, uint256 y) external view returns (uint256);
    function h1(uint256[2] calldata a, uint256 m) external payable returns (uint256);
    function h2(uint256 lp, uint256[2] calldata m) external returns (uint256[2] memory);
}

/// Values its own accounting with the pool's views: a receiver of the
/// pool's payout calls in while the view is stale.
contract C80 {
    I20 public immutable q1;
    mapping(address => uint256) public q2;
    uint256 public q3;

    constructor(I20 p) {
        q1 = p;
    }

    function f1() external view returns (uint256) {
        // ruleid: SOL-READONLY-REENTRANCY
        return (q2[msg.sender] * q1.g1()) / 1e18;
    }

    function f2(uint256 a) external {
        // ruleid: SOL-READONLY-REENTRANCY
        uint256 p = q1.g2(0, 1);
        q3 += a * p;
    }

    function f3(address u) external view returns (uint256) {
        uint256 b = q2[u];
        // ruleid: SOL-READONLY-REENTRANCY
        uint256 p = q1.g1();
        return b / p;
    }
}
