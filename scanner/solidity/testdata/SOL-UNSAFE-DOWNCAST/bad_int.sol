// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Positions {
    mapping(address => int96) public position;

    function open(int256 size) external {
        // ruleid: SOL-UNSAFE-DOWNCAST
        position[msg.sender] = int96(size);
    }

    function setLimit(uint256 limit) external {
        uint256 scaled = limit * 1e6;
        // ruleid: SOL-UNSAFE-DOWNCAST
        emit Limit(uint32(scaled));
    }

    event Limit(uint32 limit);
}
