pragma solidity ^0.8.20;

// EIP-712 with the nonce consumed by a helper called inside the digest,
// as OpenZeppelin's Nonces._useNonce does; opaque names.
contract C6 {
    mapping(address => uint256) private q1;
    mapping(address => mapping(address => uint256)) public q2;
    bytes32 private immutable q3 = keccak256(abi.encode("domain", block.chainid, address(this)));

    function f0(address o) internal returns (uint256) {
        return q1[o]++;
    }

    function f1(address o, address sp, uint256 val, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 d = keccak256(abi.encodePacked("\\x19\\x01", q3, keccak256(abi.encode(o, sp, val, f0(o)))));
        // ok: SOL-SIGNATURE-REPLAY
        address who = ecrecover(d, v, r, s);
        require(who != address(0) && who == o);
        q2[o][sp] = val;
    }
}
