// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The signer's nonce is read into a local, signed over, and bumped from
// that local; a hook a deriving contract implements hands out nonces in
// the other function.
abstract contract C81 {
    mapping(address => uint256) q1;
    mapping(address => mapping(address => uint256)) q2;
    bytes32 q3;

    function h1(uint256 id) internal virtual returns (uint256);

    function f1(address o, address s, uint256 v, uint256 dl, uint8 sv, bytes32 r, bytes32 ss) external {
        require(block.timestamp <= dl);
        uint256 n = q1[o];
        bytes32 d = keccak256(abi.encodePacked("\\x19\\x01", q3, keccak256(abi.encode(o, s, v, n, dl))));
        // ok: SOL-SIGNATURE-REPLAY
        require(o == ecrecover(d, sv, r, ss));
        q1[o] = n + 1;
        q2[o][s] = v;
    }

    function f2(address s, uint256 id, uint8 sv, bytes32 r, bytes32 ss) external {
        bytes32 d = keccak256(abi.encodePacked("\\x19\\x01", q3, keccak256(abi.encode(s, id, h1(id)))));
        // ok: SOL-SIGNATURE-REPLAY
        address w = ecrecover(d, sv, r, ss);
        require(w != address(0));
        q2[w][s] = id;
    }
}
