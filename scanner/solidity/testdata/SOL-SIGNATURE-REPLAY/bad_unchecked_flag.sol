pragma solidity ^0.8.0;

// A nonce that is bumped but neither signed nor checked, and a "used"
// flag that is set but never read: both replayable, whatever the names.
contract Relay {
    mapping(address => uint256) public nonces;
    mapping(bytes32 => bool) public used;
    mapping(address => uint256) public balances;

    function move(address from, address to, uint256 value, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 h = keccak256(abi.encode(from, to, value, block.chainid, address(this)));
        // ruleid: SOL-SIGNATURE-REPLAY
        address who = ecrecover(h, v, r, s);
        require(who == from && who != address(0));
        nonces[from]++;
        balances[from] -= value;
        balances[to] += value;
    }

    function mint(bytes32 id, uint8 v, bytes32 r, bytes32 s) external {
        // ruleid: SOL-SIGNATURE-REPLAY
        address who = ecrecover(id, v, r, s);
        require(who != address(0) && balances[who] > 0);
        used[id] = true;
        balances[msg.sender] += 1 ether;
    }
}
