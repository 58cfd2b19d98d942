pragma solidity ^0.4.24;

// The helper contract pays a fixed beneficiary, or the books are settled
// before it pays the caller, or a lock guards the function.
contract K301 {
    address o;
    address b;

    function K301(address a, address c) public { o = a; b = c; }

    function h1(address t, uint v) public returns (bool) {
        require(msg.sender == o);
        return t.call.value(v)();
    }

    function h2(uint v) public returns (bool) {
        require(msg.sender == o);
        return b.call.value(v)();
    }
}

contract K302 {
    K301 r;
    address w;
    mapping(address => uint) q1;
    bool busy;

    function K302(address c) public { r = new K301(address(this), c); w = c; }

    function f1() public {
        uint x = q1[msg.sender];
        q1[msg.sender] = 0;
        // ok: SOL-REENTRANCY
        require(r.h1(msg.sender, x));
    }

    function f2() public {
        uint x = q1[msg.sender];
        // ok: SOL-REENTRANCY
        require(r.h2(x));
        q1[msg.sender] = 0;
    }

    function f3() public {
        uint x = q1[w];
        // ok: SOL-REENTRANCY
        require(r.h1(w, x));
        q1[w] = 0;
    }

    function f4() public {
        require(!busy);
        busy = true;
        uint x = q1[msg.sender];
        // ok: SOL-REENTRANCY
        require(r.h1(msg.sender, x));
        q1[msg.sender] = 0;
        busy = false;
    }
}
