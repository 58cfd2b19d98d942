// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface AggregatorV3Interface {
    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound);
}

contract HelperChecked {
    AggregatorV3Interface public immutable feed;

    constructor(AggregatorV3Interface f) {
        feed = f;
    }

    /// Passes the round on to the caller, who checks it.
    function rawRound() external view returns (uint80, int256, uint256, uint256, uint80) {
        // ok: ECON-ORACLE-STALE-PRICE
        return feed.latestRoundData();
    }

    function price() external view returns (uint256) {
        // ok: ECON-ORACLE-STALE-PRICE
        (uint80 roundId, int256 answer, , uint256 updatedAt, uint80 answeredInRound) = feed.latestRoundData();
        _validate(answer, updatedAt, roundId, answeredInRound);
        return uint256(answer);
    }

    function _validate(int256 answer, uint256 updatedAt, uint80 roundId, uint80 answeredInRound) internal view {
        require(answer > 0, "answer");
        require(updatedAt != 0 && block.timestamp - updatedAt <= 3600, "stale");
        require(answeredInRound >= roundId, "round");
    }
}
