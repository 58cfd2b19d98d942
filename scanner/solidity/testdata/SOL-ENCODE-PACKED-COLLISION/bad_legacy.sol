pragma solidity ^0.4.24;

/// 0.4: keccak256 with several arguments packs them.
contract Names {
    mapping(bytes32 => address) owners;

    function claim(string first, string last) public {
        // ruleid: SOL-ENCODE-PACKED-COLLISION
        bytes32 id = keccak256(first, last);
        require(owners[id] == address(0));
        owners[id] = msg.sender;
    }

    function f1(bytes q1, bytes q2) public returns (bool) {
        // ruleid: SOL-ENCODE-PACKED-COLLISION
        return sha3(abi.encodePacked(q1, q2)) == sha3(q1);
    }
}
