pragma solidity ^0.8.0;

library Hashes {
    function recent(uint256 n) internal view returns (bytes32) {
        // ok: SOL-WEAK-RANDOMNESS
        return blockhash(n);
    }
}
