// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Widening {
    mapping(address => uint64) public last;
    uint32 public constant PERIOD = 7 days;

    function poke(uint32 at, uint8 tier) external {
        // ok: SOL-UNSAFE-DOWNCAST
        last[msg.sender] = uint64(at);
        // ok: SOL-UNSAFE-DOWNCAST
        uint16 t = uint16(tier);
        require(t < 10, "tier");
    }

    function stamp() external {
        // Not from the caller: the block's own timestamp.
        // ok: SOL-UNSAFE-DOWNCAST
        last[msg.sender] = uint64(block.timestamp);
    }
}
