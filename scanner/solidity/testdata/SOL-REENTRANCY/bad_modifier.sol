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

    modifier hasNoBalance() {
        require(tokenBalance[msg.sender] == 0);
        _;
    }

    // ruleid: SOL-REENTRANCY
    function airDrop() public hasNoBalance supportsToken {
        tokenBalance[msg.sender] += 20;
    }
}
