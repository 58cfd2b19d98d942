// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Mapping keys and comparisons built from packed dynamic values.
contract C1 {
    struct S1 {
        string a;
        bytes b;
        uint256[] c;
    }

    mapping(bytes32 => address) internal q1;
    mapping(address => S1) internal q2;
    bytes32 internal q3;
    string internal q4;

    function f1(string memory p1, string memory p2) public {
        // ruleid: SOL-ENCODE-PACKED-COLLISION
        q1[keccak256(abi.encodePacked(p1, p2))] = msg.sender;
    }

    function f2(uint256[] calldata p1) external view returns (bool) {
        S1 storage s = q2[msg.sender];
        // ruleid: SOL-ENCODE-PACKED-COLLISION
        return keccak256(abi.encodePacked(s.a, "/", p1)) == q3;
    }

    function f3(bytes calldata p1) external {
        // ruleid: SOL-ENCODE-PACKED-COLLISION
        if (sha256(abi.encodePacked(bytes(q4), p1, q2[msg.sender].c)) != q3) {
            revert();
        }
    }
}
