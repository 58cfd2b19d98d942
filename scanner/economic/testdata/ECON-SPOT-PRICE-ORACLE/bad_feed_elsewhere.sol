// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IPair9 {
    function getReserves() external view returns (uint112, uint112, uint32);
}

interface IFeed9 {
    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80);
}

/// One asset is priced by a feed, the other by a pool's reserves: the feed
/// read in one function does not protect the other's spot price.
contract Q9 {
    IPair9 q1;
    IFeed9 q2;
    mapping(address => uint256) q3;

    function f1() public view returns (uint256) {
        (, int256 a, , uint256 t, ) = q2.latestRoundData();
        require(a > 0 && block.timestamp - t < 3600);
        return uint256(a);
    }

    function f2(uint256 c) external {
        // ruleid: ECON-SPOT-PRICE-ORACLE
        (uint112 r0, uint112 r1, ) = q1.getReserves();
        q3[msg.sender] += c * uint256(r1) / uint256(r0);
    }
}
