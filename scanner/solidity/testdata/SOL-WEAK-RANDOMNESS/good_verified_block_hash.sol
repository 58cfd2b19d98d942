pragma solidity ^0.8.0;

// A trusted submitter anchors its report to a recent block by handing in
// that block's hash, which the contract checks: nothing is drawn or won
// by the comparison. Names are opaque.
contract C43 {
    address public q0;
    bytes32[] public q1;

    constructor() {
        q0 = msg.sender;
    }

    function f1(bytes32 r, uint256 n, bytes32 h) external {
        require(msg.sender == q0, "submitter");
        // ok: SOL-WEAK-RANDOMNESS
        require(blockhash(n) == h, "not that block");
        q1.push(r);
    }
}
