pragma solidity ^0.5.0;

// The owner check is written backwards: require(msg.sender != owner)
// turns the owner away and lets everyone else through, to the
// selfdestruct in the function and behind the modifier alike.
contract C99e {
    address q1;

    constructor() public {
        q1 = msg.sender;
    }

    modifier m1() {
        require(msg.sender != q1, "owner");
        _;
    }

    function f1() public m1 {
        // ruleid: SOL-UNPROTECTED-SELFDESTRUCT
        selfdestruct(msg.sender);
    }

    function f2() public {
        if (msg.sender == q1) {
            revert("owner");
        }
        // ruleid: SOL-UNPROTECTED-SELFDESTRUCT
        selfdestruct(msg.sender);
    }

    function f3() public {
        // ok: SOL-UNPROTECTED-SELFDESTRUCT
        require(msg.sender == q1, "owner");
        selfdestruct(msg.sender);
    }
}
