pragma solidity ^0.8.19;

// Signed reports relayed by an authorised transmitter: only a caller the
// contract lists may submit, so nobody who merely saw the signatures can
// send them again.
contract C214 {
    struct O14 {
        uint8 i14;
        bool t14;
        bool s14;
    }

    mapping(address => O14) internal o14;
    address[] internal x14;
    uint256 public v14;

    function f1(bytes calldata rep, bytes32[] calldata rs, bytes32[] calldata ss, uint8[] calldata vs) external {
        O14 memory me = o14[msg.sender];
        require(me.t14 && msg.sender == x14[me.i14], "not a transmitter");
        bytes32 h = keccak256(abi.encodePacked(keccak256(rep), address(this)));
        uint256 n;
        for (uint256 i = 0; i < rs.length; i++) {
            // ok: SOL-SIGNATURE-REPLAY
            address s = ecrecover(h, vs[i], rs[i], ss[i]);
            require(o14[s].s14, "not a signer");
            n++;
        }
        require(n > 0);
        v14 = abi.decode(rep, (uint256));
    }
}
