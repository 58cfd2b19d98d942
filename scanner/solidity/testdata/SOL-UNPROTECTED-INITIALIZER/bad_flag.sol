pragma solidity ^0.8.0;

// A one-shot set-up with a flag, deployed without a constructor that
// runs it: the first caller picks the owner.
contract C1 {
    address q1;
    bool q2;
    uint256 q3;

    modifier m1() {
        require(msg.sender == q1, "no");
        _;
    }

    // ruleid: SOL-UNPROTECTED-INITIALIZER
    function f1(address a, uint256 v) external {
        require(!q2, "done");
        q2 = true;
        q1 = a;
        q3 = v;
    }

    function f2(uint256 v) external m1 {
        q3 = v;
    }
}
