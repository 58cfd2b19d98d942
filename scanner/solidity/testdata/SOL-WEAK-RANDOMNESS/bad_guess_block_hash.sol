pragma solidity ^0.8.0;

// Anyone may guess the previous block's hash and is paid when right: a
// contract calling in the same block computes it. Restricting the guess
// to a member does not help either. Names are opaque.
contract C44 {
    address public q0;
    mapping(address => bool) public q2;

    constructor() payable {
        q0 = msg.sender;
    }

    function f1(bytes32 h) external {
        // ruleid: SOL-WEAK-RANDOMNESS
        if (blockhash(block.number - 1) == h) {
            payable(msg.sender).transfer(1 ether);
        }
    }

    function f2(uint256 g) external {
        require(q2[msg.sender], "member");
        // ruleid: SOL-WEAK-RANDOMNESS
        if (uint256(blockhash(block.number - 1)) % 10 == g) {
            payable(msg.sender).transfer(1 ether);
        }
    }
}
