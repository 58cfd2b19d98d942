pragma solidity ^0.8.19;

// An account set at deployment, not a constant: an owner checked through
// tx.origin.
contract C264 {
    address internal immutable p64;
    uint256 internal n64;

    constructor(address p) {
        p64 = p;
    }

    function f1() external {
        // ruleid: SOL-TX-ORIGIN
        require(tx.origin == p64, "proposer");
        n64++;
    }
}
