pragma solidity ^0.8.4;

contract Token {
    mapping(address => uint256) public balanceOf;

    function transfer(address to, uint256 value) external {
        balanceOf[msg.sender] -= value;
        // ok: SOL-INTEGER-OVERFLOW
        balanceOf[to] += value;
    }
}
