pragma solidity ^0.4.24;

// The same set-up function, spent by the constructor: nobody else can be
// first, so the guard on the destroying function holds. A registration
// anyone may call writes a table the guard does not read. Names are
// opaque.
contract C61 {
    uint q1;
    mapping(uint => uint) q2;
    mapping(address => uint) q3;

    constructor(address[] xs) public {
        f1(xs);
    }

    modifier m1() {
        if (q1 > 0) throw;
        _;
    }

    modifier m2() {
        if (h1(msg.sender)) _;
    }

    function h1(address a) internal view returns (bool) {
        return q2[uint(a)] > 0;
    }

    modifier m3() {
        require(q3[msg.sender] != 0);
        _;
    }

    function f1(address[] xs) public m1 {
        q1 = xs.length + 1;
        q2[uint(msg.sender)] = 1;
    }

    function f3() external {
        q3[msg.sender] = 1;
    }

    function f4() external m3 {
        q3[msg.sender] = 2;
    }

    function f2(address t) external m2 {
        // ok: SOL-UNPROTECTED-SELFDESTRUCT
        selfdestruct(t);
    }
}
