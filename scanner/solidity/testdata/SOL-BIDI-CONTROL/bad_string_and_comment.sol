pragma solidity ^0.8.0;

contract C91 {
    uint256 q1;

    function f1(uint256 v) external {
        // ruleid: SOL-BIDI-CONTROL
        string memory s = "ok⁧admin⁩";
        // ruleid: SOL-BIDI-CONTROL
        q1 = v; /* ‮ check done ‬ */
    }
}
