pragma solidity ^0.8.0;

library L130 {
    function r1(bytes32 h, bytes memory s) internal pure returns (address) {
        bytes32 a;
        bytes32 b;
        uint8 v;
        assembly {
            a := mload(add(s, 32))
            b := mload(add(s, 64))
            v := byte(0, mload(add(s, 96)))
        }
        return ecrecover(h, v, a, b);
    }
}

// The signer is recovered by a helper; nothing records the signature as
// used, and the digest has neither a nonce nor the chain.
contract C130 {
    using L130 for bytes32;
    address q1;

    function g1(bytes32 h, uint8 v, bytes32 a, bytes32 b) internal pure returns (address) {
        return ecrecover(h, v, a, b);
    }

    function f1(address t, uint256 x, uint8 v, bytes32 a, bytes32 b) external {
        bytes32 h = keccak256(abi.encodePacked(t, x));
        // ruleid: SOL-SIGNATURE-REPLAY
        require(g1(h, v, a, b) == q1, "sig");
        payable(t).transfer(x);
    }

    function f2(address t, uint256 x, bytes memory s) external {
        bytes32 h = keccak256(abi.encodePacked(t, x));
        // ruleid: SOL-SIGNATURE-REPLAY
        address w = h.r1(s);
        require(w == q1 && w != address(0), "sig");
        payable(t).transfer(x);
    }
}
