pragma solidity ^0.4.24;

contract Token {
    mapping(address => uint256) public balanceOf;

    modifier onlyPayloadSize(uint size) {
        require(msg.data.length >= size + 4);
        _;
    }

    // ok: SOL-SHORT-ADDRESS
    function transfer(address _to, uint256 _value) public onlyPayloadSize(2 * 32) {
        require(balanceOf[msg.sender] >= _value);
        balanceOf[msg.sender] -= _value;
        balanceOf[_to] += _value;
    }
}
