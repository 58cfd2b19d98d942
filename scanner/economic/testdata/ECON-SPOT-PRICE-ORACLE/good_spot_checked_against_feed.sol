// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IPair8 {
    function getReserves() external view returns (uint112, uint112, uint32);
}

interface IFeed8 {
    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80);
}

/// The pool's price is used only after a check that it lies within 2% of
/// the feed's, read in the same call.
contract Q8 {
    IPair8 q1;
    IFeed8 q2;
    mapping(address => uint256) q3;

    function h1() internal view returns (uint256) {
        (, int256 a, , uint256 t, ) = q2.latestRoundData();
        require(a > 0 && block.timestamp - t < 3600);
        return uint256(a) * 1e10;
    }

    function f1(uint256 c) external {
        // ok: ECON-SPOT-PRICE-ORACLE
        (uint112 r0, uint112 r1, ) = q1.getReserves();
        uint256 s = uint256(r1) * 1e18 / uint256(r0);
        uint256 p = h1();
        require(s * 100 <= p * 102 && s * 100 >= p * 98);
        q3[msg.sender] += c * s / 1e18;
    }
}
