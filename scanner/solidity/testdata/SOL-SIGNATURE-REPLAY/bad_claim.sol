pragma solidity ^0.8.0;

contract Airdrop {
    address public signer;
    mapping(address => uint256) public balance;

    function claim(uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 digest = keccak256(abi.encodePacked(msg.sender, amount));
        // ruleid: SOL-SIGNATURE-REPLAY
        require(ecrecover(digest, v, r, s) == signer && signer != address(0));
        balance[msg.sender] += amount;
    }
}
