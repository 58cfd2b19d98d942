pragma solidity ^0.4.24;

// 0.4 statements that do something: throw, calls, updates, delete.
contract C163 {
    uint q1;
    mapping(address => uint) q2;

    function f1(uint v) public {
        // ok: SOL-NO-EFFECT
        if (v == 0) throw;
        // ok: SOL-NO-EFFECT
        q1++;
        // ok: SOL-NO-EFFECT
        delete q2[msg.sender];
        // ok: SOL-NO-EFFECT
        require(msg.sender.send(v));
    }
}
