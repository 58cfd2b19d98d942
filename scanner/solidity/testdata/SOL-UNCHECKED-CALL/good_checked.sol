pragma solidity ^0.4.24;

contract Payout {
    function pay(address to, uint amount) public {
        // ok: SOL-UNCHECKED-CALL
        require(to.send(amount));
    }

    function forward(address to) public payable {
        // ok: SOL-UNCHECKED-CALL
        if (!to.call.value(msg.value)()) {
            revert();
        }
    }
}
