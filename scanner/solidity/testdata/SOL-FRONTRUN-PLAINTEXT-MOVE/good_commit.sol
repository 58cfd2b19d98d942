pragma solidity ^0.8.0;

contract RockPaperScissors {
    uint256 constant STAKE = 0.1 ether;
    address payable public first;
    bytes32 public commitment;

    function open(bytes32 hashedMove) external payable {
        require(msg.value == STAKE);
        first = payable(msg.sender);
        // ok: SOL-FRONTRUN-PLAINTEXT-MOVE
        commitment = hashedMove;
    }

    function reveal(uint8 move, bytes32 salt) external {
        require(keccak256(abi.encodePacked(move, salt, msg.sender)) == commitment);
        first.transfer(address(this).balance);
    }
}
