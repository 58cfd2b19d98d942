pragma solidity ^0.8.0;

// The recipient and amount are authorised by a signer's signature.
contract C132 {
    address q1;
    mapping(bytes32 => bool) q2;

    function f1(address payable t, uint256 x, uint8 v, bytes32 a, bytes32 b) external {
        bytes32 h = keccak256(abi.encode(t, x, block.chainid, address(this)));
        require(!q2[h], "used");
        q2[h] = true;
        address w = ecrecover(h, v, a, b);
        require(w != address(0) && w == q1, "sig");
        // ok: SOL-ARBITRARY-SEND
        t.transfer(x);
    }
}
