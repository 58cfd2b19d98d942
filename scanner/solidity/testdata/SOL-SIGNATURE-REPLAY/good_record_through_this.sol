pragma solidity ^0.8.0;

// The signed report is recorded as used by one of the contract's own
// functions, called through this so that a failing delivery can be
// caught: the record is still this contract's state. Names are opaque.
interface I6 {
    function h6(bytes calldata b) external;
}

contract C56 {
    mapping(bytes32 => bool) q1;
    mapping(address => bool) q2;

    function f1(address t, bytes calldata b, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 h = keccak256(abi.encode(block.chainid, address(this), t, b));
        // ok: SOL-SIGNATURE-REPLAY
        address w = ecrecover(h, v, r, s);
        require(q2[w], "unknown signer");
        this.g1(keccak256(b), t, b);
    }

    function g1(bytes32 id, address t, bytes calldata b) external {
        require(msg.sender == address(this));
        require(!q1[id], "used");
        q1[id] = true;
        try I6(t).h6(b) {} catch {}
    }
}
