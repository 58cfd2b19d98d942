pragma solidity ^0.8.0;

// The destroying function asks a helper whether the caller holds a role,
// but any caller can grant itself that role first. Names are opaque.
contract C62 {
    mapping(bytes32 => mapping(address => bool)) q1;

    function h1(bytes32 r, address a) internal view returns (bool) {
        return q1[r][a];
    }

    function f1(bytes32 r) external {
        q1[r][msg.sender] = true;
    }

    function f2(address payable t) external {
        require(h1(bytes32(0), msg.sender));
        // ruleid: SOL-UNPROTECTED-SELFDESTRUCT
        selfdestruct(t);
    }
}
