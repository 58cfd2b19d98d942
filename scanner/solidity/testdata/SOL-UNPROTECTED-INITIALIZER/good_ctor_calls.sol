pragma solidity ^0.6.12;

// The constructor runs the set-up, and a second one-shot is kept for
// the deployer (an immutable-like address).
contract C6 {
    address q1;
    bool q2;
    address q3;
    bool q4;

    constructor(address a) public {
        q3 = msg.sender;
        f1(a);
    }

    // ok: SOL-UNPROTECTED-INITIALIZER
    function f1(address a) public {
        require(!q2);
        q2 = true;
        q1 = a;
    }

    // ok: SOL-UNPROTECTED-INITIALIZER
    function f2(address a) external {
        require(msg.sender == q3, "deployer");
        require(!q4);
        q4 = true;
        q1 = a;
    }

    function f3() external {
        require(msg.sender == q1);
        selfdestruct(msg.sender);
    }
}
