pragma solidity ^0.8.19;

// The amount sent is bounded before it is narrowed, or narrowed to a
// width no amount of ether exceeds.
contract C228 {
    mapping(address => uint64) public b28;
    mapping(address => uint96) public c28;

    function f1() external payable {
        require(msg.value <= type(uint64).max, "too much");
        // ok: SOL-UNSAFE-DOWNCAST
        b28[msg.sender] += uint64(msg.value);
    }

    function f2() external payable {
        // ok: SOL-UNSAFE-DOWNCAST
        c28[msg.sender] += uint96(msg.value);
    }
}
