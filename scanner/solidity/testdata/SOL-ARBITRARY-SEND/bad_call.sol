pragma solidity ^0.4.24;

contract Pool {
    function release(address dest) public {
        // ruleid: SOL-ARBITRARY-SEND
        require(dest.call.value(this.balance)());
    }
}
