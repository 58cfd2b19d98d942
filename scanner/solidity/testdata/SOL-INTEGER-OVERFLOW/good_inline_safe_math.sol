pragma solidity ^0.4.24;

// SafeMath written inline: the sum is compared with an operand and the
// product divided back to the other, each in a require after the
// operation, so a wrap reverts. Names are opaque.
contract C51 {
    uint256 public q1 = 2;
    uint256 public q2;

    function h1(uint256 a, uint256 b) internal pure returns (uint256) {
        if (a == 0) {
            return 0;
        }
        // ok: SOL-INTEGER-OVERFLOW
        uint256 c = a * b;
        require(c / a == b);
        return c;
    }

    function h2(uint256 a, uint256 b) internal pure returns (uint256) {
        // ok: SOL-INTEGER-OVERFLOW
        uint256 c = a + b;
        assert(c >= a);
        return c;
    }

    function f1(uint256 v) public {
        q1 = h1(q1, v);
        q2 = h2(q2, v);
    }
}
