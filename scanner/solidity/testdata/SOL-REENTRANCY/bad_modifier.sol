pragma solidity ^0.4.24;

contract Bank {
    function supportsToken() external pure returns (bytes32);
}

contract Airdrop {
    mapping(address => uint) public tokenBalance;

    modifier supportsToken() {
        require(keccak256("Token") == Bank(msg.sender).supportsToken());
        _;
    }

    // ruleid: SOL-REENTRANCY
    function airDrop() public supportsToken {
        tokenBalance[msg.sender] += 20;
    }
}
