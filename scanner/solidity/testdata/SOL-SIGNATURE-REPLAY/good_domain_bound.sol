pragma solidity ^0.8.0;

// The digest is bound to the chain and the contract: a domain separator
// the constructor caches (chain id read in assembly), the contract's own
// address, or a separator from a base outside the scan (unknown, so not
// reported).
contract K602 {
    bytes32 q0;
    mapping(address => uint256) q1;
    mapping(address => uint256) q2;

    constructor() {
        uint256 c;
        assembly {
            c := chainid()
        }
        q0 = keccak256(abi.encode(keccak256("K602"), c, address(this)));
    }

    function f1(address a, address b, uint256 x, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 h = keccak256(abi.encodePacked("\x19\x01", q0, keccak256(abi.encode(a, b, x, q1[a]++))));
        // ok: SOL-SIGNATURE-REPLAY
        require(a == ecrecover(h, v, r, s), "sig");
        q2[a] -= x;
        q2[b] += x;
    }

    function f2(address a, address b, uint256 x, uint8 v, bytes32 r, bytes32 s) external {
        uint256 n = q1[a];
        bytes32 h = keccak256(abi.encode(address(this), a, b, x, n));
        // ok: SOL-SIGNATURE-REPLAY
        require(a == ecrecover(h, v, r, s), "sig");
        q1[a] = n + 1;
        q2[a] -= x;
        q2[b] += x;
    }
}

contract K603 is K9 {
    mapping(address => uint256) q1;
    mapping(address => uint256) q2;

    function f1(address a, address b, uint256 x, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 h = g9(keccak256(abi.encode(a, b, x, q1[a]++)));
        // ok: SOL-SIGNATURE-REPLAY
        require(a == ecrecover(h, v, r, s), "sig");
        q2[a] -= x;
        q2[b] += x;
    }
}
