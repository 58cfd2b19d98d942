pragma solidity ^0.8.0;

// A delegatecall that must fail for the function to go on: when it
// succeeds the transaction reverts, so nothing it wrote is kept; when it
// fails it kept nothing itself. A probe that reports by reverting.
// Names are opaque.
contract C61 {
    address q1;
    mapping(address => uint256) q2;

    function f1(address t, bytes calldata d) external {
        // ok: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = t.delegatecall(d);
        require(!ok, "must fail");
        q2[msg.sender] += 1;
    }

    function f2(address t, bytes calldata d) external {
        // ruleid: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = t.delegatecall(d);
        require(ok, "must succeed");
    }
}
