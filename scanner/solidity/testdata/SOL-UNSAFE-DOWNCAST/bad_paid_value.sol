pragma solidity ^0.8.19;

// What the caller sends, narrowed below what ether amounts need: sending
// 2**64 wei (18.4 ether) credits 0.
contract C227 {
    mapping(address => uint64) public b27;
    uint80 public t27;

    function f1() external payable {
        // ruleid: SOL-UNSAFE-DOWNCAST
        b27[msg.sender] += uint64(msg.value);
    }

    function f2() external payable {
        uint256 fee = msg.value / 100;
        // ruleid: SOL-UNSAFE-DOWNCAST
        t27 += uint80(msg.value - fee);
    }

    // An overflow check of the narrowed value bounds nothing, and neither
    // does a check of msg.sender.
    function f3() external payable {
        require(msg.sender != address(0));
        // ruleid: SOL-UNSAFE-DOWNCAST
        require(b27[msg.sender] + uint32(msg.value) >= b27[msg.sender]);
        // ruleid: SOL-UNSAFE-DOWNCAST
        b27[msg.sender] += uint32(msg.value);
    }
}
