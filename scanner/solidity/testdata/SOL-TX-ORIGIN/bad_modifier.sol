pragma solidity ^0.8.0;

contract Vault {
    address public owner = msg.sender;

    modifier onlyOwner() {
        // ruleid: SOL-TX-ORIGIN
        if (owner != tx.origin) revert();
        _;
    }

    function sweep(address payable to) external onlyOwner {
        to.transfer(address(this).balance);
    }
}
