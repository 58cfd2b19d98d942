pragma solidity ^0.8.19;

// Each app names who may configure it for it: the caller writes its own
// entry, and checks compare callers with an app's entry.
contract C261 {
    mapping(address => address) internal d61;
    mapping(address => uint256) internal c61;

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function setDelegate(address d) external {
        d61[msg.sender] = d;
    }

    function configure(address app, uint256 v) external {
        if (msg.sender != app && msg.sender != d61[app]) revert();
        c61[app] = v;
    }
}
