pragma solidity ^0.8.0;

contract Verifier {
    address public signer;

    function verify(bytes32 h, uint8 v, bytes32 r, bytes32 s) public view returns (bool) {
        // ok: SOL-ECRECOVER-UNCHECKED
        address a = ecrecover(h, v, r, s);
        require(a != address(0), "bad signature");
        return a == signer;
    }
}
