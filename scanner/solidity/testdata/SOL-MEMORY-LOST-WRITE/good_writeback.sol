// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The copy is updated and then stored again, pushed, or written field by field.
contract C3 {
    struct S1 {
        uint256 a;
        uint256 b;
    }

    mapping(uint256 => S1) internal q1;
    S1[] internal q2;

    function f1(uint256 k) external {
        // ok: SOL-MEMORY-LOST-WRITE
        S1 memory v = q1[k];
        v.a += 1;
        v.b = v.a * 2;
        q1[k] = v;
    }

    function f2(uint256 i) external {
        // ok: SOL-MEMORY-LOST-WRITE
        S1 memory v = q2[i];
        v.a = 0;
        q2.push(v);
    }

    function f3(uint256 k) external {
        // ok: SOL-MEMORY-LOST-WRITE
        S1 memory v = q1[k];
        v.a = v.a + 5;
        q1[k].a = v.a;
    }

    function f4(uint256 k) external {
        // ok: SOL-MEMORY-LOST-WRITE
        S1 memory v = q1[k];
        v.b = 9;
        g1(k, v);
    }

    function f5(uint256 k) external returns (bytes32 h) {
        // ok: SOL-MEMORY-LOST-WRITE
        S1 memory v = q1[k];
        v.a = 0;
        assembly {
            h := keccak256(v, 64)
        }
    }

    function g1(uint256 k, S1 memory v) internal {
        q1[k] = v;
    }
}
