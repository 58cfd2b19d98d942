pragma solidity ^0.4.24;

// A helper credits what the caller asks; nothing is paid or proved.
contract C141 {
    mapping(address => uint) q1;

    function g1(address a, uint v) internal {
        q1[a] += v;
    }

    function f1(uint v) public {
        // ruleid: SOL-UNPROTECTED-CREDIT
        q1[msg.sender] += v;
    }

    function f2() public {
        uint v = q1[msg.sender];
        q1[msg.sender] = 0;
        msg.sender.transfer(v);
    }
}
