pragma solidity ^0.8.0;

contract Proxy {
    address public implementation;
    address public admin = msg.sender;

    // ruleid: SOL-UNPROTECTED-UPGRADE
    function upgrade(address next) external {
        implementation = next;
    }

    fallback() external payable {
        (bool ok, ) = implementation.delegatecall(msg.data);
        require(ok);
    }
}
