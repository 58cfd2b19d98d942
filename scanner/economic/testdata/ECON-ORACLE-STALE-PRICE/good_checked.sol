// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface AggregatorV3Interface {
    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound);
}

contract CheckedPricer {
    error StalePrice(uint256 updatedAt);
    error BadAnswer(int256 answer);

    AggregatorV3Interface public immutable feed;
    uint256 public immutable heartbeat;

    constructor(AggregatorV3Interface f, uint256 h) {
        feed = f;
        heartbeat = h;
    }

    function price() public view returns (uint256) {
        // ok: ECON-ORACLE-STALE-PRICE
        (, int256 answer, , uint256 updatedAt, ) = feed.latestRoundData();
        if (answer <= 0) revert BadAnswer(answer);
        uint256 age = block.timestamp - updatedAt;
        if (age > heartbeat) revert StalePrice(updatedAt);
        return uint256(answer);
    }
}
