pragma solidity ^0.8.0;

// The caller's entry, reached through a storage pointer, is cleared only
// once its time has passed, but paid on every call: before then, the same
// deposit is paid again and again. Comparing the entry's time with the
// clock checks no caller.
contract C99f {
    struct S1 {
        uint256 a;
        uint256 t;
    }

    mapping(address => S1) q1;

    function f1() external payable {
        q1[msg.sender].a += msg.value;
        q1[msg.sender].t = block.timestamp + 1 days;
    }

    function f2() external {
        S1 storage l = q1[msg.sender];
        uint256 a = l.a;
        require(a > 0);
        if (block.timestamp > l.t) {
            l.a = 0;
        }
        // ruleid: SOL-WITHDRAW-NO-DEBIT
        payable(msg.sender).transfer(a);
    }
}
