pragma solidity ^0.8.0;

contract C37 {
    uint256 q1;

    function f1() external {
        // ruleid: SOL-EOA-CHECK
        require(msg.sender == tx.origin, "no contracts");
        q1++;
    }

    function f2() external {
        // ruleid: SOL-EOA-CHECK
        if (tx.origin != msg.sender) {
            revert();
        }
        q1--;
    }
}
