pragma solidity ^0.4.24;

contract MetaTx {
    mapping(address => uint256) public balances;

    function transferBySig(address from, address to, uint256 value, uint8 v, bytes32 r, bytes32 s) public {
        bytes32 h = keccak256(from, to, value);
        // ruleid: SOL-SIGNATURE-REPLAY
        address signer = ecrecover(h, v, r, s);
        require(signer == from && from != address(0));
        balances[from] -= value;
        balances[to] += value;
    }
}
