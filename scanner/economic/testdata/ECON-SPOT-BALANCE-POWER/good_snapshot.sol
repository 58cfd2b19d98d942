// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IVotes {
    function getPastVotes(address account, uint256 timepoint) external view returns (uint256);
}

contract SnapshotGovernor {
    IVotes public immutable token;
    mapping(uint256 => uint256) public snapshotOf;
    mapping(uint256 => uint256) public forVotes;
    mapping(uint256 => mapping(address => bool)) public voted;

    constructor(IVotes t) {
        token = t;
    }

    function propose(uint256 id) external {
        snapshotOf[id] = block.number - 1;
    }

    function castVote(uint256 proposal) external {
        require(!voted[proposal][msg.sender], "voted");
        // ok: ECON-SPOT-BALANCE-POWER
        uint256 weight = token.getPastVotes(msg.sender, snapshotOf[proposal]);
        voted[proposal][msg.sender] = true;
        forVotes[proposal] += weight;
    }
}
