// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IToken {
    function transfer(address to, uint256 amount) external returns (bool);
}

/// Rewards vesting: the claim flag is set on a copy, so every claim pays again.
contract Vesting {
    struct Grant {
        uint256 amount;
        uint64 start;
        bool claimed;
    }

    IToken public token;
    mapping(address => Grant) public grants;
    uint256 public totalClaimed;

    function claim() external {
        // ruleid: SOL-MEMORY-LOST-WRITE
        Grant memory g = grants[msg.sender];
        require(!g.claimed, "claimed");
        require(block.timestamp >= g.start, "early");
        g.claimed = true;
        totalClaimed += g.amount;
        token.transfer(msg.sender, g.amount);
        emit Claimed(msg.sender, g);
    }

    event Claimed(address who, Grant grant);
}

/// Opaque names: the element of a storage array is copied and its counter bumped.
contract C1 {
    struct Q1 {
        uint256 n;
        address a;
    }

    Q1[] internal q2;

    function f1(uint256 i) external {
        // ruleid: SOL-MEMORY-LOST-WRITE
        Q1 memory q1 = q2[i];
        require(q1.a == msg.sender);
        q1.n += 1;
    }

    function f2(uint256 i, uint256 j) external {
        // ruleid: SOL-MEMORY-LOST-WRITE
        uint256[] memory q3 = q4[i];
        q3[j] = 0;
        q3[j + 1]++;
    }

    mapping(uint256 => uint256[]) internal q4;
}
