pragma solidity ^0.4.24;

// A helper contract of the bundle forwards ether, with all gas, to the
// address its owner names; the owner names the caller, then updates its
// books (the DAO's reward account).
contract K201 {
    address o;

    function K201(address a) public { o = a; }

    function() public payable {}

    function h1(address t, uint v) public returns (bool) {
        require(msg.sender == o);
        return t.call.value(v)();
    }
}

contract K202 {
    K201 r;
    mapping(address => uint) q1;
    mapping(address => uint) q2;
    uint s1;

    function K202() public { r = new K201(address(this)); }

    function g1(address a) internal {
        uint x = q1[a] * 10 - q2[a];
        // ruleid: SOL-REENTRANCY
        require(r.h1(a, x));
        q2[a] += x;
    }

    function f1() public {
        // ruleid: SOL-REENTRANCY
        g1(msg.sender);
        s1 -= q1[msg.sender];
        q1[msg.sender] = 0;
    }

    function f2(address a) public {
        K202 b = K202(msg.sender);
        uint x = q1[a];
        // ruleid: SOL-REENTRANCY
        r.h1(b.f3(), x);
        q1[a] = 0;
    }

    function f3() public view returns (address) { return msg.sender; }
}
