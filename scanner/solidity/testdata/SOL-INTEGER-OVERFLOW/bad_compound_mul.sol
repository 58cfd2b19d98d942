pragma solidity ^0.4.24;

contract C22 {
    mapping(address => uint256) q1;

    function f1(uint256 v, uint256 k) public {
        uint256 t = v;
        // ruleid: SOL-INTEGER-OVERFLOW
        q1[msg.sender] += t * k;
    }
}
