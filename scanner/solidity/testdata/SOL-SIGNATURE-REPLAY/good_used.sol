pragma solidity ^0.8.0;

contract Voucher {
    address public signer;
    mapping(bytes32 => bool) public used;

    function redeem(bytes32 id, uint8 v, bytes32 r, bytes32 s) external {
        require(!used[id]);
        used[id] = true;
        // ok: SOL-SIGNATURE-REPLAY
        require(ecrecover(id, v, r, s) == signer && signer != address(0));
    }
}
