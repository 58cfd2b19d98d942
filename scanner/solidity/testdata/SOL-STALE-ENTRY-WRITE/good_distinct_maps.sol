pragma solidity ^0.5.0;

// Copies of entries of two different mappings, or of one entry twice.
contract C103 {
    mapping(address => uint) q1;
    mapping(address => uint) q2;

    function f1(address b, uint x) public {
        uint s = q1[msg.sender];
        uint t = q2[b];
        q1[msg.sender] = s - x;
        // ok: SOL-STALE-ENTRY-WRITE
        q2[b] = t + x;
    }

    function f2(uint x) public {
        uint s = q1[msg.sender];
        uint t = q1[msg.sender];
        q1[msg.sender] = s - x;
        // ok: SOL-STALE-ENTRY-WRITE
        q1[msg.sender] = t + x;
    }
}
