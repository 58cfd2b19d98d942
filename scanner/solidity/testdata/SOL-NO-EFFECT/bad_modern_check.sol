pragma solidity ^0.8.0;

// A check meant as require, and a reset meant as an assignment.
contract C162 {
    mapping(address => uint256) q1;
    bool q2;

    function f1(uint256 v) external {
        // ruleid: SOL-NO-EFFECT
        q1[msg.sender] != 0;
        q1[msg.sender] -= v;
        // ruleid: SOL-NO-EFFECT
        q2 == true;
    }
}
