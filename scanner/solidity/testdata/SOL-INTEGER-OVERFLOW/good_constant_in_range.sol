pragma solidity ^0.5.0;

// Constant arithmetic that stays in range, operands that are not one
// constant on every path, and checked arithmetic of 0.8 (reverts, does
// not wrap) in the next file.
contract C61 {
    uint8 q1;

    function f1() public {
        uint8 v = 20;
        // ok: SOL-INTEGER-OVERFLOW
        v = v - 10;
        q1 = v;
    }

    function f2(bool c) public {
        uint8 w = 0;
        if (c) {
            w = 20;
        }
        w = 15;
        // ok: SOL-INTEGER-OVERFLOW
        w -= 10;
        q1 = w;
    }

    function f3() public {
        uint256 k = 2**200;
        // ok: SOL-INTEGER-OVERFLOW
        k = k * 2;
        q1 = uint8(k);
    }
}
