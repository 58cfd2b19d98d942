pragma solidity ^0.8.0;

// The packed hash of two strings goes to a library outside the scanned
// files whose result is no address, and is never compared or used as a
// key: nothing is authenticated by it.
contract C151 {
    event V1(uint256 a);

    function f1(string calldata a, string calldata b, bytes calldata s) external {
        // ok: SOL-ENCODE-PACKED-COLLISION
        bytes32 h = keccak256(abi.encodePacked(a, b));
        uint256 r = L9.g2(h, s);
        emit V1(r);
    }
}
