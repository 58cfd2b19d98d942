// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Checks look the caller up at the second key; anyone can write that very
// entry for itself, or an operator entry on someone else's row.
contract C161 {
    mapping(bytes32 => mapping(address => bool)) q1;
    mapping(address => mapping(address => bool)) q2;
    uint256 q3;

    function f1(uint256 v) external {
        require(q1[keccak256("k")][msg.sender]);
        q3 = v;
    }

    function f2(address o, uint256 v) external {
        require(q2[o][msg.sender]);
        q3 = v;
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function f3(bytes32 r) external {
        q1[r][msg.sender] = true;
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function f4(address o) external {
        q2[o][msg.sender] = true;
    }
}
