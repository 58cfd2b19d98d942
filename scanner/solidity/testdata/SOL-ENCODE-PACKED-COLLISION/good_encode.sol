// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// abi.encode keeps lengths; one dynamic value cannot shift its bytes.
contract Registry {
    mapping(bytes32 => address) internal owners;

    function register(string calldata name, string calldata uri) external {
        // ok: SOL-ENCODE-PACKED-COLLISION
        bytes32 id = keccak256(abi.encode(name, uri));
        owners[id] = msg.sender;
    }

    function single(string calldata name, uint256 nonce) external {
        // ok: SOL-ENCODE-PACKED-COLLISION
        owners[keccak256(abi.encodePacked(name, nonce, msg.sender))] = msg.sender;
    }

    function f2(bytes calldata q1, string calldata q2) external view returns (bool) {
        // ok: SOL-ENCODE-PACKED-COLLISION
        return owners[keccak256(abi.encodePacked(bytes32(q1), q2))] == msg.sender;
    }

    function f1(bytes32 q1, address q2, uint256 q3) external view returns (bool) {
        // ok: SOL-ENCODE-PACKED-COLLISION
        return keccak256(abi.encodePacked(q1, q2, q3)) == q1;
    }
}
