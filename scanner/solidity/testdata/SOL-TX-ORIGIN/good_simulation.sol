pragma solidity ^0.8.0;

contract C23 {
    uint256 q1;

    function f1() external {
        // ok: SOL-TX-ORIGIN
        require(tx.origin != address(0));
        // ok: SOL-TX-ORIGIN
        if (msg.sender != tx.origin) {
            revert();
        }
        q1++;
    }
}
