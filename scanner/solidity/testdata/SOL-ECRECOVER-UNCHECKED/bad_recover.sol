pragma solidity ^0.4.24;

contract Recover {
    function who(bytes32 h, uint8 v, bytes32 r, bytes32 s) public pure returns (address) {
        // ruleid: SOL-ECRECOVER-UNCHECKED
        address a = ecrecover(h, v, r, s);
        return a;
    }
}
