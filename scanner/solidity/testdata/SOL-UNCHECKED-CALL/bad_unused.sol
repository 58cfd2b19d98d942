pragma solidity ^0.4.24;

contract Forwarder {
    function relay(address to, uint amount) public {
        // ruleid: SOL-UNCHECKED-CALL
        bool sent = to.send(amount);
    }

    function never(address to, uint amount) public {
        // ruleid: SOL-UNCHECKED-CALL
        to.call.value(amount);
    }
}
