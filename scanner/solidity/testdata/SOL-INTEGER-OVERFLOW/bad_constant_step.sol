pragma solidity ^0.7.4;

// State moved by constant steps, with nothing checking the value: a
// caller's entry stepped down wraps at zero on the first call, and an
// 8-bit counter stepped up wraps after 256 calls anyone can make.
contract C61 {
    mapping(address => uint8) public q1;
    uint16 q2;
    uint256 q3;

    function f1() public {
        // ruleid: SOL-INTEGER-OVERFLOW
        q1[msg.sender] += 1;
    }

    function f2() public {
        // ruleid: SOL-INTEGER-OVERFLOW
        q1[msg.sender] -= 1;
    }

    function f3() external {
        // ruleid: SOL-INTEGER-OVERFLOW
        q2 = q2 + 3;
        // ruleid: SOL-INTEGER-OVERFLOW
        q3 = q3 - 1;
    }
}
