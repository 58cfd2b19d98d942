pragma solidity ^0.8.0;

// A flag with an opaque name, checked with if/revert and set through an
// internal function.
contract C7 {
    address q1;
    mapping(bytes32 => uint256) q2;
    mapping(address => uint256) q3;

    function f0(bytes32 d) internal {
        q2[d] = 1;
    }

    function f1(uint256 a, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 d = keccak256(abi.encodePacked(msg.sender, a, block.chainid, address(this)));
        if (q2[d] != 0) {
            revert();
        }
        // ok: SOL-SIGNATURE-REPLAY
        require(ecrecover(d, v, r, s) == q1 && q1 != address(0));
        f0(d);
        q3[msg.sender] += a;
    }
}
