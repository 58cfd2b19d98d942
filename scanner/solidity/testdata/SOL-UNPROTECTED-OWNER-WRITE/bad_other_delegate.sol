pragma solidity ^0.8.19;

// The same table written at an entry the caller chooses: anyone becomes
// any app's delegate.
contract C262 {
    mapping(address => address) internal d62;
    mapping(address => uint256) internal c62;

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function setDelegate(address app) external {
        d62[app] = msg.sender;
    }

    function configure(address app, uint256 v) external {
        if (msg.sender != app && msg.sender != d62[app]) revert();
        c62[app] = v;
    }
}
