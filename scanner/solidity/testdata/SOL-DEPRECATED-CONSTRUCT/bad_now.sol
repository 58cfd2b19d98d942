pragma solidity ^0.6.0;

// now, removed in 0.7, in a state initialiser and a body.
contract C2 {
    // ruleid: SOL-DEPRECATED-CONSTRUCT
    uint public q1 = now;

    function f1() public view returns (bool) {
        // ruleid: SOL-DEPRECATED-CONSTRUCT
        return now > q1;
    }
}
