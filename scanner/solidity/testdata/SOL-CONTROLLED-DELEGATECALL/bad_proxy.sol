pragma solidity ^0.4.24;

contract Proxy {
    function forward(address callee, bytes data) public {
        // ruleid: SOL-CONTROLLED-DELEGATECALL
        require(callee.delegatecall(data));
    }
}
