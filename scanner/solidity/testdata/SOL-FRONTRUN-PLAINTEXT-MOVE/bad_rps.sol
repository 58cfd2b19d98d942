pragma solidity ^0.8.0;

contract RockPaperScissors {
    uint256 constant STAKE = 0.1 ether;
    address payable public first;
    uint8 public firstMove;

    function open(uint8 move) external payable {
        require(msg.value == STAKE);
        first = payable(msg.sender);
        // ruleid: SOL-FRONTRUN-PLAINTEXT-MOVE
        firstMove = move;
    }

    function answer(uint8 move) external payable {
        require(msg.value == STAKE);
        if ((move + 1) % 3 == firstMove) {
            first.transfer(2 * STAKE);
        } else {
            payable(msg.sender).transfer(2 * STAKE);
        }
    }
}
