pragma solidity ^0.8.0;

// Helpers returning a packed hash whose callers only emit or store it,
// or a helper packing one dynamic value: no two inputs are confused where
// it matters. Names are opaque.
contract C81 {
    event E1(bytes32 k);
    bytes32 public q1;
    mapping(bytes32 => uint256) public q2;

    function h1(string memory a, string memory b) internal pure returns (bytes32) {
        // ok: SOL-ENCODE-PACKED-COLLISION
        return keccak256(abi.encodePacked(a, b));
    }

    function h2(string memory a, uint256 b) internal pure returns (bytes32) {
        // ok: SOL-ENCODE-PACKED-COLLISION
        return keccak256(abi.encodePacked(a, b));
    }

    function f1(string memory a, string memory b) external {
        emit E1(h1(a, b));
        q1 = h1(a, b);
    }

    function f2(string memory a, uint256 b) external payable {
        q2[h2(a, b)] = msg.value;
    }
}
