pragma solidity ^0.8.0;

// The call was approved when its hash was stored: anyone may run it,
// but only as scheduled.
contract C7 {
    mapping(bytes32 => uint256) q1;
    address q2;

    constructor() {
        q2 = msg.sender;
    }

    function f0(address t, bytes calldata d) external {
        require(msg.sender == q2);
        q1[g0(t, d)] = block.timestamp + 1 days;
    }

    function g0(address t, bytes calldata d) public pure returns (bytes32) {
        return keccak256(abi.encode(t, d));
    }

    function f1(address t, bytes calldata d) external {
        bytes32 k = g0(t, d);
        require(q1[k] != 0 && q1[k] <= block.timestamp, "not ready");
        delete q1[k];
        // ok: SOL-ARBITRARY-CALL
        (bool ok, ) = t.call(d);
        require(ok);
    }
}

// A forwarder: the target and calldata are a request its sender signed,
// checked against the recovered signer and a nonce it advances.
contract C72 {
    mapping(address => uint256) q1;

    function h1(address from, address to, bytes memory d, uint256 n, uint8 v, bytes32 r, bytes32 s) public view returns (bool) {
        address w = ecrecover(keccak256(abi.encode(from, to, d, n)), v, r, s);
        return w == from && q1[from] == n;
    }

    function f1(address from, address to, bytes calldata d, uint256 n, uint8 v, bytes32 r, bytes32 s) external {
        require(h1(from, to, d, n, v, r, s));
        q1[from] = n + 1;
        // ok: SOL-ARBITRARY-CALL
        (bool ok, ) = to.call(abi.encodePacked(d, from));
        require(ok);
    }
}
