pragma solidity ^0.8.0;

contract CoinFlip {
    function flip() external view returns (bool) {
        // ruleid: SOL-WEAK-RANDOMNESS
        return (block.difficulty + uint256(uint160(address(this)))) % 2 == 0;
    }

    function pick(uint256 n) external view returns (uint256) {
        // ruleid: SOL-WEAK-RANDOMNESS
        bytes32 h = blockhash(block.number - 1);
        return uint256(h) % n;
    }
}
