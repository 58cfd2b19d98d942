pragma solidity ^0.4.24;

contract Payout {
    address public winner;

    function pay() public {
        // ruleid: SOL-UNCHECKED-CALL
        winner.send(this.balance);
    }

    function forward(address target, bytes data) public payable {
        // ruleid: SOL-UNCHECKED-CALL
        target.call.value(msg.value)(data);
    }
}
