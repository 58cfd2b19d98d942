pragma solidity ^0.8.0;

// A library outside the scanned files recovering each
// signer of a bytes[] over one digest.
contract C81 {
    mapping(address => bool) q1;
    uint256 q2;

    function f1(bytes32 h, bytes[] memory s, uint256 x) external {
        // ruleid: SOL-EMPTY-SIGNATURE-LOOP
        for (uint256 i; i < s.length; ++i) {
            address w = L9.g1(h, s[i]);
            require(q1[w], "signer");
        }
        q2 = x;
    }
}
