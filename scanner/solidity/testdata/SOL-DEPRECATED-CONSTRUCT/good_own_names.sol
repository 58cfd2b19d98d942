pragma solidity ^0.4.24;

// Functions and variables of the contract's own that happen to carry the
// old builtins' names: not the builtins. Names are otherwise opaque.
contract C4 {
    uint now;

    function sha3(uint a) internal pure returns (bytes32) {
        return keccak256(a);
    }

    function suicide(address a) internal pure returns (address) {
        return a;
    }

    function f1(uint a) public view returns (bytes32, uint) {
        // ok: SOL-DEPRECATED-CONSTRUCT
        bytes32 h = sha3(a);
        // ok: SOL-DEPRECATED-CONSTRUCT
        return (h, now + 1);
    }

    function f2(address a) public pure returns (address) {
        // ok: SOL-DEPRECATED-CONSTRUCT
        return suicide(a);
    }
}
