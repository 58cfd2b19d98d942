pragma solidity ^0.8.0;

// An owner checked through tx.origin, next to a check of another value
// against zero: still authorisation by tx.origin.
contract C219 {
    address internal o19;
    address internal d19;

    constructor() {
        o19 = msg.sender;
    }

    function f1(address to) external {
        // ruleid: SOL-TX-ORIGIN
        require(to != address(0) && tx.origin == o19);
        d19 = to;
    }
}
