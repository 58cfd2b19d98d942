pragma solidity ^0.7.0;

import "./Errors.sol";

// A free function of a file outside the scan (L1's _check(cond, code),
// like Balancer's _require) handed a condition as a statement asserts it:
// the subtraction after it is bounded. A condition it is not handed (a
// setter taking a flag) asserts nothing.
contract C77 {
    uint256 q1;
    uint256 q2;

    function f1(uint256 a, uint256 b) external {
        _check(a <= b, 7);
        // ok: SOL-INTEGER-OVERFLOW
        q1 = b - a;
    }

    function f2(uint256 a, uint256 b) external {
        _note(a, 7);
        // ruleid: SOL-INTEGER-OVERFLOW
        q2 = b - a;
    }
}
