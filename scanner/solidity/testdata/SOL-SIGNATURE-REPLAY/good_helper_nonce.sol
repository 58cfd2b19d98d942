pragma solidity ^0.8.0;

// The same helper, with a nonce consumed in the digest.
contract C131 {
    address q1;
    mapping(address => uint256) q2;

    function g1(bytes32 h, uint8 v, bytes32 a, bytes32 b) internal pure returns (address) {
        return ecrecover(h, v, a, b);
    }

    function f1(address t, uint256 x, uint8 v, bytes32 a, bytes32 b) external {
        bytes32 h = keccak256(abi.encode(t, x, q2[t]++, block.chainid, address(this)));
        // ok: SOL-SIGNATURE-REPLAY
        require(g1(h, v, a, b) == q1, "sig");
        payable(t).transfer(x);
    }
}
