// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Packed dynamic values that are not hashed into a key or check.
contract C2 {
    string internal constant PREFIX = "item-";
    string internal base;

    event Named(bytes32 id);

    function uri(string memory p1, string memory p2) public pure returns (string memory) {
        // ok: SOL-ENCODE-PACKED-COLLISION
        return string(abi.encodePacked(p1, p2));
    }

    function f1(string memory p1, string memory p2) public {
        // ok: SOL-ENCODE-PACKED-COLLISION
        emit Named(keccak256(abi.encodePacked(p1, p2)));
    }

    function f2(string memory p1, string memory p2) public pure returns (bytes32) {
        // ok: SOL-ENCODE-PACKED-COLLISION
        return keccak256(abi.encodePacked(p1, p2));
    }

    mapping(bytes32 => bool) internal q1;

    function f3(string memory p1) public {
        // ok: SOL-ENCODE-PACKED-COLLISION
        q1[keccak256(abi.encodePacked(PREFIX, p1, "-suffix"))] = true;
    }
}
