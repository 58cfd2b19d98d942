pragma solidity ^0.4.24;

contract Token {
    mapping(address => uint256) public balanceOf;
    uint256 public count;

    function burn(uint256 value) public {
        require(balanceOf[msg.sender] >= value);
        // ok: SOL-INTEGER-OVERFLOW
        balanceOf[msg.sender] -= value;
    }

    function add(uint256 value) public {
        require(count + value >= count);
        // ok: SOL-INTEGER-OVERFLOW
        count += value;
        // ok: SOL-INTEGER-OVERFLOW
        count += 1;
    }
}
