pragma solidity ^0.4.24;

// Statements that compute and drop a value, and swapped operators.
contract C160 {
    uint q1;
    mapping(address => uint) q2;

    function f1(uint v) public {
        // ruleid: SOL-NO-EFFECT
        q2[msg.sender] =- v;
        // ruleid: SOL-NO-EFFECT
        q1 == v;
        // ruleid: SOL-NO-EFFECT
        q2[msg.sender] >= v;
        msg.sender.transfer(v);
    }

    function f2(uint v) public {
        // ok: SOL-NO-EFFECT
        v;
        // ruleid: SOL-NO-EFFECT
        q1 <= v;
    }
}
