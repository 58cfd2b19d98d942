pragma solidity ^0.4.24;

// Post-checks that do not catch the wrap: the product divided back to
// itself, and a sum compared with an unrelated value. Names are opaque.
contract C52 {
    uint256 public q1 = 2;
    uint256 public q2;
    uint256 public q3;

    function f1(uint256 v) public {
        // ruleid: SOL-INTEGER-OVERFLOW
        uint256 c = q1 * v;
        require(c / c == 1);
        q1 = c;
    }

    function f2(uint256 v) public {
        // ruleid: SOL-INTEGER-OVERFLOW
        uint256 c = q2 + v;
        require(c >= q3);
        q2 = c;
    }
}
