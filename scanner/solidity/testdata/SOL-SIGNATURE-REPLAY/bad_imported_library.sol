pragma solidity ^0.8.0;

// The signer is recovered by a library that is imported, not part of the
// scanned files (L9 is nowhere here): the call is recognised by its shape,
// a digest and a signature in, an address out. Nothing records the
// signature as used.
contract C140 {
    using L9 for bytes32;
    address q1;
    mapping(address => uint256) q2;

    function f1(address t, uint256 x, bytes memory s) external {
        bytes32 h = keccak256(abi.encodePacked(t, x));
        // ruleid: SOL-SIGNATURE-REPLAY
        require(L9.g1(h, s) == q1, "sig");
        q2[t] += x;
    }

    function f2(address t, uint256 x, bytes calldata s) external {
        bytes32 h = keccak256(abi.encode(t, x));
        // ruleid: SOL-SIGNATURE-REPLAY
        address w = h.g1(s);
        require(w == q1);
        q2[t] += x;
    }

    function f3(address t, uint256 x, uint8 v, bytes32 r, bytes32 z) external {
        // ruleid: SOL-SIGNATURE-REPLAY
        address w = L9.g1(keccak256(abi.encode(t, x)), v, r, z);
        require(w != address(0) && w == q1);
        q2[t] += x;
    }
}

// The recovery sits two helpers away from the entry point: a bool check
// over a digest built by another helper.
contract C141 {
    address q1;
    mapping(address => uint256) q2;

    function f1(address t, uint256 x, bytes memory s) public {
        bytes32 h = g2(g1(t, x));
        // ruleid: SOL-SIGNATURE-REPLAY
        require(g3(h, s), "sig");
        q2[t] += x;
    }

    function g1(address t, uint256 x) public pure returns (bytes32) {
        return keccak256(abi.encodePacked(t, x));
    }

    function g2(bytes32 h) public pure returns (bytes32) {
        return keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", h));
    }

    function g3(bytes32 h, bytes memory s) public view returns (bool) {
        return L9.g1(h, s) == q1;
    }
}

// The action is a call of a function the scanned files do not hold (an
// imported base's), whose effect is unknown: still reported.
contract C146 is B9 {
    address q1;

    function f1(address t, uint256 x, bytes memory s) external {
        bytes32 h = keccak256(abi.encode(t, x));
        // ruleid: SOL-SIGNATURE-REPLAY
        require(L9.g1(h, s) == q1);
        g9(t, x);
    }
}
