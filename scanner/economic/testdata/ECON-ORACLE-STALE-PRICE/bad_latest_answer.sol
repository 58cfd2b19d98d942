// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IFeed {
    function latestAnswer() external view returns (int256);
    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80);
}

contract LiquidationEngine {
    IFeed public oracle;
    mapping(address => uint256) public collateral;
    mapping(address => uint256) public debt;

    function price() internal view returns (uint256) {
        // ruleid: ECON-ORACLE-STALE-PRICE
        return uint256(oracle.latestAnswer());
    }

    function priceWithTime() internal view returns (uint256 p, uint256 at) {
        uint80 round;
        int256 answer;
        // The time is kept and checked, the sign never is.
        // ruleid: ECON-ORACLE-STALE-PRICE
        (round, answer, , at, ) = oracle.latestRoundData();
        require(block.timestamp - at < 1 hours, "stale");
        p = uint256(answer);
    }

    function liquidatable(address who) external view returns (bool) {
        (uint256 p, ) = priceWithTime();
        return collateral[who] * price() < debt[who] * p;
    }
}
