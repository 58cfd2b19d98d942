// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface AggregatorV3Interface {
    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound);
    function decimals() external view returns (uint8);
}

contract EthUsdPricer {
    AggregatorV3Interface public immutable feed;

    constructor(AggregatorV3Interface f) {
        feed = f;
    }

    function usdValue(uint256 weiAmount) external view returns (uint256) {
        // ruleid: ECON-ORACLE-STALE-PRICE
        (, int256 answer, , , ) = feed.latestRoundData();
        require(answer > 0, "bad answer");
        return (weiAmount * uint256(answer)) / 10 ** feed.decimals();
    }
}
