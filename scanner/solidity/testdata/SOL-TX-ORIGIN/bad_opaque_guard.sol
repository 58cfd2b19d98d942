pragma solidity ^0.8.0;

// Opaque names: the guard compares tx.origin with stored addresses.
contract C24 {
    address q1;
    mapping(address => address) q2;

    modifier m1() {
        // ruleid: SOL-TX-ORIGIN
        require(q1 == tx.origin);
        _;
    }

    function f1(address n) external m1 {
        q1 = n;
    }

    function f2() external {
        // ruleid: SOL-TX-ORIGIN
        if (tx.origin != q2[msg.sender]) {
            revert();
        }
        q2[msg.sender] = address(0);
    }
}
