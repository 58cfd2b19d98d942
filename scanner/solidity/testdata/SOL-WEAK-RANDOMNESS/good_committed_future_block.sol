pragma solidity ^0.8.0;

// A guess is committed with the number of a block that does not exist
// yet; it is settled later against that block's hash, and only while the
// hash is still available (blockhash gives zero after 256 blocks). Names
// are opaque.
contract C41 {
    struct S41 {
        uint256 b;
        bytes32 g;
    }

    mapping(address => S41) q1;

    function f1(bytes32 g) external payable {
        require(q1[msg.sender].b == 0 && msg.value == 1 ether);
        q1[msg.sender].g = g;
        // ok: SOL-WEAK-RANDOMNESS
        q1[msg.sender].b = block.number + 1;
    }

    function f2() external {
        uint256 b = q1[msg.sender].b;
        require(block.number > b && block.number - b < 256, "window");
        // ok: SOL-WEAK-RANDOMNESS
        bytes32 h = blockhash(q1[msg.sender].b);
        bool won = h == q1[msg.sender].g;
        q1[msg.sender].b = 0;
        if (won) {
            payable(msg.sender).transfer(2 ether);
        }
    }
}
