pragma solidity ^0.8.0;

// Opaque names: the written amount is keyed by the signer, which moves
// value but records nothing about the signature.
contract C5 {
    address q1;
    mapping(address => uint256) q2;

    function f1(uint256 a, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 d = keccak256(abi.encodePacked(msg.sender, a, address(this)));
        // ruleid: SOL-SIGNATURE-REPLAY
        require(ecrecover(d, v, r, s) == q1 && q1 != address(0));
        q2[msg.sender] += a;
    }
}
