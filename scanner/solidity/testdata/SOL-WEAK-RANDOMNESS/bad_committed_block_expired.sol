pragma solidity ^0.8.0;

// The same commit, settled without the window check: once 256 blocks
// have passed the hash is zero, a value anyone can guess; and a draw from
// the current block's neighbour is known to any contract in the same
// transaction. Names are opaque.
contract C42 {
    struct S42 {
        uint256 b;
        bytes32 g;
    }

    mapping(address => S42) q1;
    uint256 q2;

    function f1(bytes32 g) external payable {
        require(q1[msg.sender].b == 0 && msg.value == 1 ether);
        q1[msg.sender].g = g;
        // ruleid: SOL-WEAK-RANDOMNESS
        q1[msg.sender].b = block.number + 1;
    }

    function f2() external {
        require(block.number > q1[msg.sender].b, "early");
        // ruleid: SOL-WEAK-RANDOMNESS
        bytes32 h = blockhash(q1[msg.sender].b);
        bool won = h == q1[msg.sender].g;
        q1[msg.sender].b = 0;
        if (won) {
            payable(msg.sender).transfer(2 ether);
        }
    }

    function f3() external {
        // ruleid: SOL-WEAK-RANDOMNESS
        q2 = uint256(blockhash(block.number - 1)) % 10;
    }
}
