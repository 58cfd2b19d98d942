// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

struct F1 {
    uint128 x;
    uint128 y;
}

/// Nested structs and arrays inside a struct, reached through another copy.
contract C2 {
    struct S1 {
        F1 f;
        uint256[] xs;
        address o;
    }

    mapping(bytes32 => S1) internal q1;
    S1[] internal q2;

    function f1(bytes32 k, uint128 v) external {
        // ruleid: SOL-MEMORY-LOST-WRITE
        S1 memory s = q1[k];
        s.f.x = v;
        s.f.y -= 1;
    }

    function f2(uint256 i, uint256 j, uint256 v) external {
        // ruleid: SOL-MEMORY-LOST-WRITE
        S1 memory s = q2[i];
        if (s.xs.length > j) {
            s.xs[j] = v;
        }
        g1(s.o, s.xs.length);
    }

    function f3(bytes32 k) public {
        S1 storage p = q1[k];
        // ruleid: SOL-MEMORY-LOST-WRITE
        F1 memory inner = p.f;
        inner.x = 0;
    }

    function f4(uint256 n) external {
        for (uint256 i = 0; i < n; i++) {
            // ruleid: SOL-MEMORY-LOST-WRITE
            S1 memory e = q2[i];
            (e.o, e.f.x) = (msg.sender, 0);
        }
    }

    function g1(address, uint256) internal {}
}
