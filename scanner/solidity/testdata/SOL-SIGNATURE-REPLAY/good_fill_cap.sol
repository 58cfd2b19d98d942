pragma solidity ^0.5.0;

// An order signed once is filled up to its amount: the filled total is
// kept per signer and digest and capped by a condition. A cancellation
// signed by the caller itself needs no protection: the caller could
// cancel without it. Names are opaque.
contract C50 {
    mapping(address => mapping(bytes32 => uint)) q1;
    mapping(address => uint) q2;
    mapping(address => mapping(bytes32 => bool)) q3;

    function f1(uint a, uint b, uint n, address u, uint8 v, bytes32 r, bytes32 s, uint x) public {
        bytes32 h = keccak256(abi.encodePacked(this, a, b, n));
        // ok: SOL-SIGNATURE-REPLAY
        require(ecrecover(keccak256(abi.encodePacked("\\x19Ethereum Signed Message:\\n32", h)), v, r, s) == u && q1[u][h] + x <= a);
        q1[u][h] = q1[u][h] + x;
        q2[msg.sender] += x;
    }

    function f2(uint a, uint b, uint n, uint8 v, bytes32 r, bytes32 s) public {
        bytes32 h = keccak256(abi.encodePacked(this, a, b, n));
        // ok: SOL-SIGNATURE-REPLAY
        address w = ecrecover(h, v, r, s);
        require(w == msg.sender);
        q1[msg.sender][h] = a;
    }

    function f3(uint a, uint n, uint8 v, bytes32 r, bytes32 s) public {
        bytes32 h = keccak256(abi.encodePacked(this, a, n));
        // ok: SOL-SIGNATURE-REPLAY
        require(q3[msg.sender][h] || ecrecover(h, v, r, s) == msg.sender);
        q1[msg.sender][h] = a;
    }
}
