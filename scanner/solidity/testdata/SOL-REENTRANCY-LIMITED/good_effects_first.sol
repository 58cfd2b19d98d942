pragma solidity ^0.8.0;

interface I9 {
    function transfer(address to, uint256 v) external returns (bool);
}

contract C35 {
    mapping(address => uint256) q1;
    I9 q2;

    function f1() external {
        uint256 v = q1[msg.sender];
        q1[msg.sender] = 0;
        // ok: SOL-REENTRANCY-LIMITED
        payable(msg.sender).transfer(v);
    }

    function f2() external {
        uint256 v = q1[msg.sender];
        delete q1[msg.sender];
        // ok: SOL-REENTRANCY-LIMITED
        require(q2.transfer(msg.sender, v));
    }
}
