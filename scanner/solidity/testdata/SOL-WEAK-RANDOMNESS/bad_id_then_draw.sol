pragma solidity ^0.8.19;

// A hash of block values that looks like an id but picks the winner, and a
// public getter of blockhash the contract's own draw calls.
contract C216 {
    address[] internal p16;
    mapping(uint256 => address) internal w16;

    function f1(uint256 round) external {
        // ruleid: SOL-WEAK-RANDOMNESS
        uint256 id = uint256(keccak256(abi.encodePacked(blockhash(block.number - 1), round)));
        w16[round] = p16[id % p16.length];
    }

    function g16(uint256 n) public view returns (uint256) {
        // ruleid: SOL-WEAK-RANDOMNESS
        return uint256(blockhash(n));
    }

    function f2(uint256 round) external {
        // ruleid: SOL-WEAK-RANDOMNESS
        w16[round] = p16[g16(block.number - 1) % p16.length];
    }
}
