pragma solidity ^0.4.24;

/// 0.4: a single dynamic argument next to fixed-size ones.
contract Lottery {
    mapping(bytes32 => bool) seen;

    function enter(string name, uint nonce) public {
        // ok: SOL-ENCODE-PACKED-COLLISION
        bytes32 h = keccak256(name, nonce, msg.sender);
        require(!seen[h]);
        seen[h] = true;
    }

    function f1(bytes32 q1, bytes32 q2) public returns (bool) {
        // ok: SOL-ENCODE-PACKED-COLLISION
        return keccak256(q1, q2) == keccak256(q2, q1);
    }
}
