pragma solidity ^0.8.0;

// A variable named like an implementation that nothing delegates to is a
// record, not the proxy's code.
contract Directory {
    address public implementation;
    mapping(address => address) public logic;

    // ok: SOL-UNPROTECTED-UPGRADE
    function register(address impl) external {
        implementation = impl;
        logic[msg.sender] = impl;
    }
}
