pragma solidity ^0.4.24;

contract Token {
    mapping(address => uint256) public balanceOf;

    function transfer(address to, uint256 value) public {
        require(balanceOf[msg.sender] >= value);
        balanceOf[msg.sender] -= value;
        // ruleid: SOL-INTEGER-OVERFLOW
        balanceOf[to] += value;
    }

    function batch(address[] receivers, uint256 value) public {
        uint256 n = receivers.length;
        // ruleid: SOL-INTEGER-OVERFLOW
        uint256 total = n * value;
        require(balanceOf[msg.sender] >= total);
    }
}
