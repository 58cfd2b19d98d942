pragma solidity ^0.8.19;

// A per-item counter capped at several uses is no nonce: the same
// signature mints again until the cap.
contract C242 {
    struct I42 {
        uint256 id;
        address to;
    }

    uint256 internal k42 = 5;
    mapping(uint256 => uint256) internal c42;
    mapping(uint256 => mapping(uint256 => address)) internal l42;
    address internal s42;

    function h42(uint256 id, address a) internal {
        require(c42[id] < k42, "cap");
        l42[id][c42[id]] = a;
        c42[id]++;
    }

    function f1(I42 calldata i, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 d = keccak256(abi.encode(i, address(this), block.chainid));
        // ruleid: SOL-SIGNATURE-REPLAY
        address who = ecrecover(d, v, r, s);
        require(who == s42, "signer");
        h42(i.id, i.to);
    }
}
