pragma solidity ^0.5.0;

// Values the function itself makes constant, then wraps: no input is
// needed, reaching definitions give the operands.
contract C60 {
    uint8 q1;

    function f1() public {
        uint8 v = 0;
        // ruleid: SOL-INTEGER-OVERFLOW
        v = v - 10;
        q1 = v;
    }

    function f2(bool c) public {
        uint8 w = 250;
        if (c) {
            w = 240 + 10;
        }
        // ruleid: SOL-INTEGER-OVERFLOW
        w += 10;
        q1 = w;
    }

    function f3() public {
        uint16 k = 1000;
        uint16 step = 300;
        // ruleid: SOL-INTEGER-OVERFLOW
        q1 = uint8(k * step);
    }
}
