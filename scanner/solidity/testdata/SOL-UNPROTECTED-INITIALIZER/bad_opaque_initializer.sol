pragma solidity ^0.8.0;

import "./B9.sol";

// The one-shot modifier comes from a base outside the scan, so what it
// checks is unknown; but the function makes its caller the upgrader, which
// under a real caller check would change nothing: whoever calls it first
// on the implementation takes it, and its upgrade runs their code there
// (Ethernaut's Motorbike engine).
contract C87 is B9 {
    address q1;
    uint256 q2;

    // ruleid: SOL-UNPROTECTED-INITIALIZER
    function f1() external m9 {
        q2 = 1000;
        q1 = msg.sender;
    }

    function f2(address n, bytes memory d) external {
        require(msg.sender == q1, "upgrader");
        (bool ok, ) = n.delegatecall(d);
        require(ok);
    }
}
