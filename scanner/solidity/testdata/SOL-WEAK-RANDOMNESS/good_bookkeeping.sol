pragma solidity ^0.8.0;

contract Checkpoints {
    mapping(address => uint256) public lastBlock;

    function touch() external {
        // ok: SOL-WEAK-RANDOMNESS
        lastBlock[msg.sender] = block.number;
    }
}
