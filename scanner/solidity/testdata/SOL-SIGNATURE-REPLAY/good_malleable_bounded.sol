pragma solidity ^0.8.0;

// Records keyed by the signature, with a recovery that rejects the high
// form of s (half the curve order): one form per signer and message,
// so the record stops replay. And a record keyed by the message itself,
// which either form of the signature shares.
contract C71 {
    mapping(address => uint256) q1;
    mapping(bytes32 => bool) q2;

    function g1(bytes32 h, bytes memory sig) internal pure returns (address) {
        bytes32 r;
        bytes32 s;
        uint8 v;
        if (sig.length != 65) return address(0);
        assembly {
            r := mload(add(sig, 32))
            s := mload(add(sig, 64))
            v := byte(0, mload(add(sig, 96)))
        }
        if (uint256(s) > 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0) return address(0);
        if (v < 27) v += 27;
        return ecrecover(h, v, r, s);
    }

    function g2(bytes32 h, bytes memory sig) internal pure returns (address) {
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := mload(add(sig, 32))
            s := mload(add(sig, 64))
            v := byte(0, mload(add(sig, 96)))
        }
        return ecrecover(h, v, r, s);
    }

    function f1(bytes memory sig, address to, uint256 a, uint256 n) public {
        bytes32 m = keccak256(abi.encodePacked(address(this), to, a, n));
        bytes32 k = keccak256(abi.encodePacked(m, sig));
        require(!q2[k]);
        // ok: SOL-SIGNATURE-REPLAY
        address from = g1(m, sig);
        require(from != address(0) && q1[from] >= a);
        q1[from] -= a;
        q1[to] += a;
        q2[k] = true;
    }

    function f2(bytes memory sig, address to, uint256 a, uint256 n) public {
        bytes32 m = keccak256(abi.encodePacked(address(this), to, a, n, uint256(1)));
        require(!q2[m]);
        // ok: SOL-SIGNATURE-REPLAY
        address from = g2(m, sig);
        require(from != address(0) && q1[from] >= a);
        q1[from] -= a;
        q1[to] += a;
        q2[m] = true;
    }
}
