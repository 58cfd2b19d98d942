// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20 {
    function balanceOf(address who) external view returns (uint256);
}

contract SpotGovernor {
    IERC20 public immutable token;
    mapping(uint256 => uint256) public forVotes;
    mapping(uint256 => mapping(address => bool)) public voted;

    constructor(IERC20 t) {
        token = t;
    }

    function castVote(uint256 proposal) external {
        require(!voted[proposal][msg.sender], "voted");
        // ruleid: ECON-SPOT-BALANCE-POWER
        uint256 weight = token.balanceOf(msg.sender);
        voted[proposal][msg.sender] = true;
        forVotes[proposal] += weight;
    }
}
