pragma solidity ^0.4.24;

// Bounded by a ternary around the arm and by a modifier's require placed
// before "_": guards the analysis layer finds by dominance.
contract C19 {
    mapping(address => uint256) q1;

    modifier m1(uint256 v) {
        require(q1[msg.sender] >= v);
        _;
    }

    function f1(uint256 v) public {
        // ok: SOL-INTEGER-OVERFLOW
        q1[msg.sender] = q1[msg.sender] > v ? q1[msg.sender] - v : 0;
    }

    function f2(uint256 v) public m1(v) {
        // ok: SOL-INTEGER-OVERFLOW
        q1[msg.sender] -= v;
    }
}
