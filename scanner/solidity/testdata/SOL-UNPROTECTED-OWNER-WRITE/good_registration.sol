pragma solidity ^0.4.24;

// Entries a caller takes for itself that give no power over anyone else:
// a fresh slot from a counter, an entry checked to be unused, its own
// entry cleared, its own entry bought. Names are opaque on purpose.
contract C40 {
    struct R { address a; uint b; }
    mapping(uint => R) q1;
    mapping(bytes32 => R) q2;
    mapping(address => uint) q3;
    uint q4;

    modifier m1(uint i) {
        require(q1[i].a == msg.sender);
        _;
    }

    modifier m2(bytes32 k) {
        require(msg.sender == q2[k].a);
        _;
    }

    modifier m3() {
        require(q3[msg.sender] > 0);
        _;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f1() public payable {
        uint i = q4;
        q4++;
        q1[i].a = msg.sender;
        q1[i].b = msg.value;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f2(bytes32 k) public {
        require(q2[k].a == address(0));
        q2[k].a = msg.sender;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f3() public m3 {
        q3[msg.sender] = 0;
        msg.sender.transfer(1 ether);
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f4() public payable {
        require(msg.value >= 1 ether);
        q3[msg.sender] = msg.value;
    }

    function g1(uint i, uint v) public m1(i) { q1[i].b = v; }
    function g2(bytes32 k, uint v) public m2(k) { q2[k].b = v; }
    function g3() public m3 { q4 = 0; }
}
