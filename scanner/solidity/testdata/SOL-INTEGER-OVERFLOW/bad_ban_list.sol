pragma solidity ^0.4.24;

// A ban list and a check that only keeps one address out: every other
// caller reaches the arithmetic with its own input.
contract C24 {
    mapping(address => bool) q1;
    mapping(address => uint256) q2;
    address q3;

    function f1(uint256 v) public {
        if (q1[msg.sender]) {
            revert();
        }
        // ruleid: SOL-INTEGER-OVERFLOW
        q2[msg.sender] -= v;
    }

    function f2(uint256 v) public {
        require(msg.sender != q3);
        // ruleid: SOL-INTEGER-OVERFLOW
        q2[msg.sender] += v * 3;
    }
}
