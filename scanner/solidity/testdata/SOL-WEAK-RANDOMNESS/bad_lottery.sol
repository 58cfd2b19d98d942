pragma solidity ^0.4.24;

contract Lottery {
    function draw(uint players) public view returns (uint) {
        // ruleid: SOL-WEAK-RANDOMNESS
        uint seed = block.number;
        // ruleid: SOL-WEAK-RANDOMNESS
        return uint(keccak256(block.blockhash(seed - 1))) % players;
    }
}
