pragma solidity ^0.5.0;

// An owner's mint, and a lock its holder extends (times, not value).
contract C143 {
    address q1;
    mapping(address => uint) q2;
    mapping(address => uint) q3;

    modifier m1() {
        require(msg.sender == q1);
        _;
    }

    function f1(address t, uint v) public m1 {
        // ok: SOL-UNPROTECTED-CREDIT
        q2[t] += v;
    }

    function f2(uint s) public {
        // ok: SOL-UNPROTECTED-CREDIT
        q3[msg.sender] += s;
    }

    function f3() public {
        require(now > q3[msg.sender]);
        uint v = q2[msg.sender];
        q2[msg.sender] = 0;
        msg.sender.transfer(v);
    }
}
