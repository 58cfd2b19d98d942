pragma solidity ^0.8.0;

contract Registry {
    bytes32 public root;
    mapping(bytes32 => bool) public known;

    function record(bytes calldata leaf) external {
        // ok: SOL-FRONTRUN-SOLUTION
        require(keccak256(leaf) != root);
        known[keccak256(leaf)] = true;
    }
}
