// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IVotes {
    function getVotes(address account) external view returns (uint256);
}

interface IERC20 {
    function balanceOf(address who) external view returns (uint256);
}

contract RewardSnapshotter {
    IVotes public immutable votes;
    IERC20 public immutable stakeToken;
    mapping(address => uint256) public points;
    uint256 public totalPoints;

    constructor(IVotes v, IERC20 s) {
        votes = v;
        stakeToken = s;
    }

    function checkpoint() external {
        // ruleid: ECON-SPOT-BALANCE-POWER
        points[msg.sender] = votes.getVotes(msg.sender);
    }

    function register() external {
        // ruleid: ECON-SPOT-BALANCE-POWER
        uint256 held = stakeToken.balanceOf(msg.sender) / 1e18;
        uint256 bonus = held * 2;
        totalPoints += bonus;
    }
}
