pragma solidity ^0.8.0;

// The packed hash is computed by a helper and returned; its callers use
// the result as a key or compare it. ("ab", "c") and ("a", "bc") land on
// the same entry. Names are opaque.
contract C80 {
    mapping(bytes32 => uint256) public q1;
    bytes32 public q2;

    function h1(string memory a, string memory b) public pure returns (bytes32) {
        // ruleid: SOL-ENCODE-PACKED-COLLISION
        return keccak256(abi.encodePacked(a, b));
    }

    function h2(bytes memory a, string memory b) internal pure returns (bytes32) {
        // ruleid: SOL-ENCODE-PACKED-COLLISION
        return bytes32(keccak256(abi.encodePacked(a, b)));
    }

    function h3(bytes memory a, string memory b) internal pure returns (bytes32) {
        return h2(a, b);
    }

    function f1(string memory a, string memory b) external payable {
        bytes32 k = h1(a, b);
        require(q1[k] == 0);
        q1[k] = msg.value;
    }

    function f2(bytes calldata a, string calldata b) external view returns (bool) {
        return h3(a, b) == q2;
    }
}
