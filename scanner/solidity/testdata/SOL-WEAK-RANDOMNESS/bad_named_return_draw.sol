pragma solidity ^0.8.19;

// An internal helper hands a block hash back through a named return, and
// its caller draws the winner with it.
contract C269 {
    address[] internal p69;
    address public w69;

    function seed() internal view returns (uint256 s) {
        // ruleid: SOL-WEAK-RANDOMNESS
        s = uint256(blockhash(block.number - 1));
    }

    function draw() external {
        w69 = p69[seed() % p69.length];
    }
}
