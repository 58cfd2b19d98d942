pragma solidity ^0.8.0;

contract Proxy {
    address public implementation;
    address public owner = msg.sender;

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    // ok: SOL-UNPROTECTED-UPGRADE
    function upgrade(address next) external onlyOwner {
        implementation = next;
    }
}
