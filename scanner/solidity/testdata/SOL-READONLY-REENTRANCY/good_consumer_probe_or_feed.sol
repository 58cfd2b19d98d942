// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface I21 {
    function g1() external view returns (uint256);
    function g3(address a) external view returns (uint256);
    function h1(uint256[2] calldata a, uint256 m) external payable returns (uint256);
    function h2(uint256 lp, uint256[2] calldata m) external returns (uint256[2] memory);
}

/// A feed that takes no ether: nothing it does hands control out.
interface I22 {
    function g1() external view returns (uint256);
}

contract C81 {
    I21 public immutable q1;
    I22 public immutable q4;
    mapping(address => uint256) public q2;

    constructor(I21 p, I22 o) {
        q1 = p;
        q4 = o;
    }

    /// The pool's state-changing entry is called first: it reverts while
    /// the pool's lock is held, so the view is never read mid-update.
    function f1() external returns (uint256) {
        uint256[2] memory z;
        q1.h2(0, z);
        // ok: SOL-READONLY-REENTRANCY
        return (q2[msg.sender] * q1.g1()) / 1e18;
    }

    function f2() external view returns (uint256) {
        // ok: SOL-READONLY-REENTRANCY
        return (q2[msg.sender] * q4.g1()) / 1e18;
    }

    /// The contract's own position in the pool: only it moves it.
    function f3() external view returns (uint256) {
        // ok: SOL-READONLY-REENTRANCY
        return (q2[msg.sender] * q1.g3(address(this))) / 1e18;
    }

    /// Only checked for being set, never used as a value.
    function f4() external view returns (bool) {
        // ok: SOL-READONLY-REENTRANCY
        return q1.g1() > 0;
    }
}
