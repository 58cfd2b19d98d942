pragma solidity ^0.8.19;

// A counter allowed once per item: the signature works one time.
contract C243 {
    struct I43 {
        uint256 id;
        address to;
    }

    mapping(uint256 => uint256) internal c43;
    mapping(uint256 => address) internal l43;
    address internal s43;

    function h43(uint256 id, address a) internal {
        require(c43[id] == 0, "used");
        l43[id] = a;
        c43[id]++;
    }

    function f1(I43 calldata i, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 d = keccak256(abi.encode(i, address(this), block.chainid));
        // ok: SOL-SIGNATURE-REPLAY
        address who = ecrecover(d, v, r, s);
        require(who == s43, "signer");
        h43(i.id, i.to);
    }
}
