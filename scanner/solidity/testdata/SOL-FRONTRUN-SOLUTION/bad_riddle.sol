pragma solidity ^0.8.0;

contract Riddle {
    bytes32 public answerHash;

    function guess(bytes calldata answer) external {
        // ruleid: SOL-FRONTRUN-SOLUTION
        if (keccak256(answer) == answerHash) {
            payable(msg.sender).transfer(address(this).balance);
        }
    }
}
