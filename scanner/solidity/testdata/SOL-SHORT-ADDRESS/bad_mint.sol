pragma solidity ^0.4.24;

contract Token {
    mapping(address => uint256) public balanceOf;

    // ruleid: SOL-SHORT-ADDRESS
    function transfer(address _to, uint256 _value) public {
        require(balanceOf[msg.sender] >= _value);
        balanceOf[msg.sender] -= _value;
        balanceOf[_to] += _value;
    }
}
