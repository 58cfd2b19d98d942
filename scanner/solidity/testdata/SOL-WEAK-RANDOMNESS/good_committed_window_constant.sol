pragma solidity ^0.8.0;

// One player at a time pays for a seat and commits a guess against the
// hash of the next block; the guess is settled while that hash is still
// available, the 256-block window named by a constant.
contract C42 {
    address q1;
    bytes32 q2;
    uint256 q3;
    uint256 public constant K1 = 256;

    function f1(bytes32 g) external payable {
        require(q1 == address(0), "taken");
        require(msg.value == 1 ether, "price");
        q1 = msg.sender;
        q2 = g;
        // ok: SOL-WEAK-RANDOMNESS
        q3 = block.number + 1;
    }

    function f2() external {
        require(msg.sender == q1, "player");
        require(block.number > q3, "early");
        require(block.number - q3 <= K1, "expired");
        // ok: SOL-WEAK-RANDOMNESS
        bytes32 h = blockhash(q3);
        address w = q1;
        q1 = address(0);
        if (h == q2) {
            payable(w).transfer(2 ether);
        }
    }
}
