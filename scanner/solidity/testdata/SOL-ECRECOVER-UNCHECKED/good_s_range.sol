pragma solidity ^0.8.0;

contract Verifier {
    function recover(bytes32 h, uint8 v, bytes32 r, bytes32 s) public pure returns (address) {
        require(uint256(s) <= 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0);
        // ok: SOL-ECRECOVER-UNCHECKED
        address a = ecrecover(h, v, r, s);
        require(a != address(0));
        return a;
    }
}
