pragma solidity ^0.8.0;

// Each signature is recorded as used, but by a hash of the signature
// bytes, and the recovery takes either of its two valid forms (no bound
// on s): the other form, computed by anyone from the first, passes again
// under another key and moves the tokens twice.
contract C70 {
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
        if (v < 27) v += 27;
        return ecrecover(h, v, r, s);
    }

    function f1(bytes memory sig, address to, uint256 a, uint256 n) public {
        bytes32 m = keccak256(abi.encodePacked(address(this), to, a, n));
        // ruleid: SOL-SIGNATURE-REPLAY
        bytes32 k = keccak256(abi.encodePacked(m, sig));
        require(!q2[k]);
        address from = g1(m, sig);
        require(from != address(0) && q1[from] >= a);
        q1[from] -= a;
        q1[to] += a;
        q2[k] = true;
    }
}
