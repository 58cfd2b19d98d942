// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Memory values and mapping entries of value type.
contract C3 {
    struct S1 {
        uint256 a;
        bytes b;
    }

    mapping(address => uint256) internal q1;
    mapping(address => mapping(uint256 => bool)) internal q2;

    function f1(S1 memory p1) external pure returns (S1 memory) {
        // ok: SOL-DELETE-MAPPING-STRUCT
        delete p1.b;
        return p1;
    }

    function f2(uint256 i) external {
        // ok: SOL-DELETE-MAPPING-STRUCT
        delete q1[msg.sender];
        // ok: SOL-DELETE-MAPPING-STRUCT
        delete q2[msg.sender][i];
    }
}
