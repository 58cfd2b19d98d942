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
