pragma solidity ^0.5.0;

// The filled total is recorded per digest but no condition reads it, and
// a signer compared with a parameter is not the caller: the same
// signature fills again and again. Names are opaque.
contract C51 {
    mapping(address => mapping(bytes32 => uint)) q1;
    mapping(address => uint) q2;

    function f1(uint a, uint b, uint n, address u, uint8 v, bytes32 r, bytes32 s, uint x) public {
        bytes32 h = keccak256(abi.encodePacked(this, a, b, n));
        // ruleid: SOL-SIGNATURE-REPLAY
        require(ecrecover(h, v, r, s) == u && x <= a);
        q1[u][h] = q1[u][h] + x;
        q2[msg.sender] += x;
    }

    function f2(uint a, uint n, address u, uint8 v, bytes32 r, bytes32 s) public {
        bytes32 h = keccak256(abi.encodePacked(this, a, n));
        // ruleid: SOL-SIGNATURE-REPLAY
        address w = ecrecover(h, v, r, s);
        require(w == u || w == msg.sender);
        q2[u] += a;
    }
}
