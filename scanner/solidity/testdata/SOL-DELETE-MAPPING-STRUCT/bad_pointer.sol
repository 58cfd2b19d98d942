// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

struct Inner {
    mapping(bytes32 => uint256) slots;
}

struct Outer {
    Inner[] inners;
    address owner;
}

/// Through a storage pointer's member, and an array of structs with mappings.
contract C2 {
    mapping(uint256 => Outer) internal q1;

    function f1(uint256 k) external {
        Outer storage p = q1[k];
        require(p.owner == msg.sender);
        // ruleid: SOL-DELETE-MAPPING-STRUCT
        delete p.inners;
    }

    function f2(Outer storage p, uint256 i) internal {
        // ruleid: SOL-DELETE-MAPPING-STRUCT
        delete p.inners[i];
    }
}
