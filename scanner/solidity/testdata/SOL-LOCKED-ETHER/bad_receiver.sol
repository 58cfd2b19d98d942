pragma solidity ^0.8.0;

// ruleid: SOL-LOCKED-ETHER
contract Sink {
    uint256 public total;

    receive() external payable {
        total += msg.value;
    }
}
