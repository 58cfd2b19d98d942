pragma solidity ^0.8.0;

// 0.8 arithmetic outside unchecked reverts instead of wrapping.
contract C62 {
    uint8 q1;

    function f1() public {
        uint8 v = 0;
        // ok: SOL-INTEGER-OVERFLOW
        v = v - 10;
        q1 = v;
    }

    function f2() public {
        uint8 v = 5;
        unchecked {
            // ok: SOL-INTEGER-OVERFLOW
            v = v - 1;
        }
        q1 = v;
    }
}
