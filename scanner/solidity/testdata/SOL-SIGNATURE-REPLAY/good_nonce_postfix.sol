pragma solidity ^0.8.19;

// The nonce is checked and advanced in one condition: a == n[k]++.
contract C265 {
    struct A65 {
        address who;
        address to;
        bool on;
        uint256 nonce;
    }

    mapping(address => uint256) public n65;
    mapping(address => mapping(address => bool)) public a65;
    bytes32 internal immutable d65 = keccak256(abi.encode(block.chainid, address(this)));

    function set(A65 memory a, uint8 v, bytes32 r, bytes32 s) external {
        require(a.nonce == n65[a.who]++, "nonce");
        bytes32 h = keccak256(abi.encodePacked("\x19\x01", d65, keccak256(abi.encode(a))));
        // ok: SOL-SIGNATURE-REPLAY
        address signer = ecrecover(h, v, r, s);
        require(signer != address(0) && signer == a.who, "signature");
        a65[a.who][a.to] = a.on;
    }
}
