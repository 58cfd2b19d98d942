pragma solidity ^0.8.0;

contract MetaTx {
    mapping(address => uint256) public nonces;
    mapping(address => uint256) public balances;

    function transferBySig(address from, address to, uint256 value, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 h = keccak256(abi.encode(from, to, value, nonces[from]++, block.chainid, address(this)));
        // ok: SOL-SIGNATURE-REPLAY
        address signer = ecrecover(h, v, r, s);
        require(signer == from && signer != address(0));
        balances[from] -= value;
        balances[to] += value;
    }
}
