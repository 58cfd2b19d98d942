pragma solidity ^0.8.0;

// The constructor seats its caller; nothing in the file compares that
// seat with the caller (other contracts read it through the getter), and
// two functions hand it to anyone: one unguarded, one gated only by the
// caller being a contract. Names are opaque.
contract C91 {
    address public q1;
    uint256 public q2;

    constructor() {
        q1 = msg.sender;
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function f1(address a) public {
        q1 = a;
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function f2(address a) external {
        if (tx.origin != msg.sender) {
            q1 = a;
        }
    }

    function f3(uint256 v) external {
        q2 = v;
    }
}
