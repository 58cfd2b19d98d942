// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

library ECDSA {
    function recover(bytes32 hash, bytes memory signature) internal pure returns (address) {}
    function toEthSignedMessageHash(bytes32 hash) internal pure returns (bytes32) {}
}

/// Signed allowlist: the signer approves (name, uri) pairs, packed.
contract Registry {
    address public signer;
    mapping(bytes32 => bool) public used;

    function register(string calldata name, string calldata uri, bytes calldata sig) external {
        // ruleid: SOL-ENCODE-PACKED-COLLISION
        bytes32 digest = keccak256(abi.encodePacked(name, uri, msg.sender));
        require(ECDSA.recover(ECDSA.toEthSignedMessageHash(digest), sig) == signer, "sig");
        require(!used[digest], "used");
        used[digest] = true;
    }

    function f1(bytes memory q1, uint256 q2, bytes memory q3, uint8 v, bytes32 r, bytes32 s) public view returns (bool) {
        // ruleid: SOL-ENCODE-PACKED-COLLISION
        bytes memory q4 = abi.encodePacked(q1, q2, q3);
        bytes32 q5 = keccak256(q4);
        return ecrecover(q5, v, r, s) == signer;
    }
}
