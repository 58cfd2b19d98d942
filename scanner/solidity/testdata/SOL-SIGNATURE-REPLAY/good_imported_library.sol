pragma solidity ^0.8.0;

// An imported library (L9, outside the scanned files) recovers the signer,
// and the digest, bound to this contract and chain, is marked as used, or
// a nonce in the digest is bumped.
contract C142 {
    address q1;
    mapping(bytes32 => bool) q2;
    mapping(address => uint256) q3;
    mapping(address => uint256) q4;

    function f1(address t, uint256 x, bytes memory s) external {
        bytes32 h = keccak256(abi.encodePacked(block.chainid, address(this), t, x));
        require(!q2[h]);
        // ok: SOL-SIGNATURE-REPLAY
        require(L9.g1(h, s) == q1, "sig");
        q2[h] = true;
        q3[t] += x;
    }

    function f2(address t, uint256 x, bytes memory s) external {
        bytes32 h = keccak256(abi.encode(block.chainid, address(this), t, x, q4[t]++));
        // ok: SOL-SIGNATURE-REPLAY
        require(L9.g1(h, s) == q1, "sig");
        q3[t] += x;
    }

    // Only checks; acts on nothing.
    function f3(bytes32 h, bytes memory s) external view returns (bool) {
        // ok: SOL-SIGNATURE-REPLAY
        return L9.g1(h, s) == q1;
    }
}

// Library calls over a hash and bytes whose result is no address: not a
// signature recovery.
contract C143 {
    mapping(bytes32 => uint256) q1;

    function f1(bytes32 h, bytes memory d) external {
        // ok: SOL-SIGNATURE-REPLAY
        uint256 a = L9.g2(h, d);
        q1[h] += a;
    }

    function f2(bytes memory d) external {
        bytes32 h = keccak256(d);
        // ok: SOL-SIGNATURE-REPLAY
        q1[L9.g3(h, d)] = 1;
    }
}

// The same shape on a library of the scanned files whose body recovers
// nothing: its body decides, not its shape.
library L10 {
    function g1(bytes32 h, bytes memory d) internal pure returns (address) {
        return address(uint160(uint256(h ^ keccak256(d))));
    }
}

contract C144 {
    address q1;
    mapping(address => uint256) q2;

    function f1(address t, uint256 x, bytes memory d) external {
        bytes32 h = keccak256(abi.encode(t, x));
        // ok: SOL-SIGNATURE-REPLAY
        require(L10.g1(h, d) == q1);
        q2[t] += x;
    }
}

// Public verifiers not declared view: they check and return, and act on
// nothing a replay could repeat.
contract C145 {
    struct S1 {
        bytes32 a;
        uint8 b;
        bytes32 c;
        bytes32 d;
    }

    address q1;
    event V1(address w);

    function f1(S1 calldata z) public {
        // ok: SOL-SIGNATURE-REPLAY
        require(msg.sender == ecrecover(z.a, z.b, z.c, z.d), "sig");
    }

    function f2(bytes32 h, bytes memory s) public returns (bool) {
        // ok: SOL-SIGNATURE-REPLAY
        address w = L9.g1(h, s);
        emit V1(w);
        return w == q1;
    }
}
