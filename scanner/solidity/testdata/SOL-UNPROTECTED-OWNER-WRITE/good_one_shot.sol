pragma solidity ^0.8.0;

// A one-shot initialiser is SOL-UNPROTECTED-INITIALIZER's: this rule
// leaves it, so one function is not reported twice.
contract C8 {
    address q1;
    bool q2;

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f1(address a) external {
        require(!q2);
        q2 = true;
        q1 = a;
    }

    function f2() external {
        require(msg.sender == q1);
        selfdestruct(payable(q1));
    }
}
