pragma solidity ^0.4.24;

contract C101 {
    mapping(address => uint) q1;

    function f1(address b, uint x) public {
        uint s = q1[msg.sender];
        uint t = q1[b];
        if (s < x) throw;
        q1[msg.sender] = s - x;
        // ruleid: SOL-STALE-ENTRY-WRITE
        q1[b] = t + x;
    }
}
