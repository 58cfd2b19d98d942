// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract FeeSplitter {
    uint256 public constant BPS = 10_000;
    uint256 public feeBps = 30;
    mapping(address => uint256) public owed;

    function quote(uint256 amount, uint256 parts) external view returns (uint256) {
        // ruleid: SOL-DIVIDE-BEFORE-MULTIPLY
        return (amount / BPS) * feeBps * parts;
    }

    function accrue(address who, uint256 amount, uint256 periods) external {
        uint256 perPeriod = amount / 365;
        // ruleid: SOL-DIVIDE-BEFORE-MULTIPLY
        owed[who] += perPeriod * periods;
    }
}
