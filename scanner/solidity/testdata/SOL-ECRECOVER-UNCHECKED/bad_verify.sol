pragma solidity ^0.8.0;

contract Verifier {
    address public signer;

    function verify(bytes32 h, uint8 v, bytes32 r, bytes32 s) public view returns (bool) {
        // ruleid: SOL-ECRECOVER-UNCHECKED
        return ecrecover(h, v, r, s) == signer;
    }
}
