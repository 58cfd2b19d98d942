pragma solidity ^0.4.24;

// A modifier whose check does not bound the operation, and a ternary
// whose arm subtracts the unchecked way round.
contract C21 {
    mapping(address => uint256) q1;
    address q2;

    modifier m1() {
        require(msg.sender != q2);
        _;
    }

    function f1(uint256 v) public m1 {
        // ruleid: SOL-INTEGER-OVERFLOW
        q1[msg.sender] -= v;
    }

    function f2(uint256 v, uint256 w) public {
        // ruleid: SOL-INTEGER-OVERFLOW
        q1[msg.sender] = v > 10 ? q1[msg.sender] - w : 0;
    }
}
