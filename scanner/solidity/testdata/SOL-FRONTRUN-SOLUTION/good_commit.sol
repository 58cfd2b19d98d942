pragma solidity ^0.8.0;

contract Riddle {
    bytes32 public answerHash;
    mapping(address => bytes32) public commits;

    function reveal(bytes calldata answer, bytes32 salt) external {
        // ok: SOL-FRONTRUN-SOLUTION
        require(keccak256(abi.encodePacked(answer, salt, msg.sender)) == commits[msg.sender]);
        payable(msg.sender).transfer(address(this).balance);
    }
}
