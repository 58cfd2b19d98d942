// SPDX-License-Identifier: MIT
pragma solidity ^0.7.6;

contract Interest {
    uint256 public rate = 5;
    mapping(address => uint256) public principal;

    function interest(address who, uint256 days_) public view returns (uint256 r) {
        r = principal[who] / 100;
        // ruleid: SOL-DIVIDE-BEFORE-MULTIPLY
        r *= rate;
        // ruleid: SOL-DIVIDE-BEFORE-MULTIPLY
        r = r * days_ / 365;
    }

    function share(uint256 total, uint256 holders, uint256 mine) public pure returns (uint256) {
        // ruleid: SOL-DIVIDE-BEFORE-MULTIPLY
        return total / holders * mine;
    }
}
