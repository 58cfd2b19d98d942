pragma solidity ^0.8.0;

contract Owned {
    address public owner;

    constructor() {
        owner = msg.sender;
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function transferOwnership(address next) external onlyOwner {
        owner = next;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function renounce() external {
        require(msg.sender == owner);
        owner = address(0);
    }
}
