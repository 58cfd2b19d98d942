pragma solidity ^0.8.0;

interface I8 {
    function transfer(address to, uint256 v) external returns (bool);
}

contract C33 {
    mapping(address => uint256) q1;
    I8 q2;

    function f1() external {
        // ruleid: SOL-REENTRANCY-LIMITED
        payable(msg.sender).transfer(q1[msg.sender]);
        q1[msg.sender] = 0;
    }

    function f2() external {
        // ruleid: SOL-REENTRANCY-LIMITED
        require(q2.transfer(msg.sender, q1[msg.sender]));
        delete q1[msg.sender];
    }
}
