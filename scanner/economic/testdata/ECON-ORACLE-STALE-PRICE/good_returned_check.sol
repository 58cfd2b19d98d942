// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IFeed4 {
    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80);
}

/// A sequencer-uptime view: it compares the answer and its age and hands
/// the verdict to its callers.
contract Q4 {
    IFeed4 q1;
    uint256 q2;

    function f1() public view returns (bool) {
        // ok: ECON-ORACLE-STALE-PRICE
        (, int256 a, , uint256 t, ) = q1.latestRoundData();
        return a == 0 && block.timestamp - t > q2;
    }
}
