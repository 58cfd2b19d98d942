pragma solidity ^0.4.24;

contract C20 {
    mapping(address => uint256) q1;
    uint256 q2;

    function f1(uint256 v) public {
        if (q1[msg.sender] < v) {
            revert();
        }
        // ok: SOL-INTEGER-OVERFLOW
        q1[msg.sender] -= v;
    }

    function f2(uint256 v) public {
        require(q2 + v >= q2);
        // ok: SOL-INTEGER-OVERFLOW
        q2 += v;
    }
}
