pragma solidity ^0.8.0;

// No name says "owner": q1 is privileged because a guard compares it with
// the caller; the modifier compares a parameter, not the caller.
contract C1 {
    address q1;
    uint q2;

    modifier m1(address a) {
        require(a == q1);
        _;
    }

    function f1(uint v) external {
        require(q1 == msg.sender, "denied");
        q2 = v;
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function f2(address n) external m1(n) {
        q1 = n;
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function f3(address n) public {
        if (n != address(0)) {
            f4(n);
        }
    }

    function f4(address n) internal {
        q1 = n;
    }
}
