pragma solidity ^0.8.0;

interface I81 {
    function h81() external;
}

// The contract called is held in state, but any caller may replace it:
// an attacker installs its own contract, which re-enters before the
// caller's entry is cleared. Names are opaque.
contract C81 {
    I81 q1;
    mapping(address => uint256) q2;

    function f1() external {
        uint256 a = q2[msg.sender];
        // ruleid: SOL-REENTRANCY
        q1.h81();
        q2[msg.sender] = 0;
        payable(msg.sender).transfer(a);
    }

    function f2(address t) external {
        q1 = I81(t);
    }

    function f3() external payable {
        q2[msg.sender] += msg.value;
    }
}
