pragma solidity ^0.8.0;

contract Token {
    mapping(address => uint256) public balanceOf;

    // ok: SOL-SHORT-ADDRESS
    function transfer(address to, uint256 value) external {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
    }
}
