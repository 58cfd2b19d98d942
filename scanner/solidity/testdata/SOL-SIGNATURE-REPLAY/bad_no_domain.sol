pragma solidity ^0.8.0;

// A nonce stops replay on this contract, but the digest names neither
// the chain nor the contract: the same signature moves the signer's
// tokens on every other deployment and chain where the signer holds them.
contract K601 {
    mapping(address => uint256) q1;
    mapping(address => uint256) q2;
    mapping(bytes32 => bool) q3;

    function f1(address a, address b, uint256 x, uint8 v, bytes32 r, bytes32 s) external {
        uint256 n = q1[a];
        bytes32 h = keccak256(abi.encodePacked(a, b, x, n));
        // ruleid: SOL-SIGNATURE-REPLAY
        require(a == ecrecover(h, v, r, s), "sig");
        q2[a] -= x;
        q2[b] += x;
        q1[a] = n + 1;
    }

    function h1(address b, uint256 x, uint256 d) internal pure returns (bytes32) {
        return keccak256(abi.encode(b, x, d));
    }

    function f2(address a, address b, uint256 x, uint256 d, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 h = keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", h1(b, x, d)));
        require(!q3[h], "used");
        q3[h] = true;
        // ruleid: SOL-SIGNATURE-REPLAY
        address w = ecrecover(h, v, r, s);
        require(w == a && w != address(0), "sig");
        q2[a] -= x;
        q2[b] += x;
    }
}
