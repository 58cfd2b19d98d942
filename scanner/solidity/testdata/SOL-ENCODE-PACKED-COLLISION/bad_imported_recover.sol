pragma solidity ^0.8.0;

// The packed digest of two strings goes to a recovery in an imported
// library (L9, not among the scanned files): ("ab", "c") signs ("a", "bc").
contract C150 {
    address q1;
    mapping(address => uint256) q2;

    function f1(string calldata a, string calldata b, bytes calldata s) external {
        // ruleid: SOL-ENCODE-PACKED-COLLISION
        bytes32 h = keccak256(abi.encodePacked(a, b));
        require(L9.g1(h, s) == q1);
        q2[msg.sender] += 1;
    }
}
