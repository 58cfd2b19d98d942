pragma solidity ^0.4.24;

// The storage keyword spelled out does not give the pointer a target:
// declared without a value, it points at slot 0, and its fields
// overwrite the first state variables (the owner, then the price).
contract C67 {
    struct S1 {
        address a;
        uint256 b;
    }

    address q1;
    uint256 q2 = 1 ether;
    S1[] q3;

    function f1(uint256 b) external payable {
        require(msg.value >= q2);
        // ruleid: SOL-UNINIT-STORAGE-POINTER
        S1 storage s;
        s.a = msg.sender;
        s.b = b;
        q3.push(s);
    }

    function f2() external {
        require(msg.sender == q1);
        // ok: SOL-UNINIT-STORAGE-POINTER
        S1 storage t = q3[0];
        t.b = 0;
    }
}
