pragma solidity ^0.8.0;

// Opaque names: the caller picks the target through an internal helper's
// argument, and a modifier that checks nothing guards it.
contract C32 {
    address q1;

    modifier m1() {
        _;
    }

    function f1(address t, bytes calldata d) external m1 {
        // ruleid: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = t.delegatecall(d);
        require(ok);
    }
}
