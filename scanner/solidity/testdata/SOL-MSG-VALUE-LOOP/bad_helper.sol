pragma solidity ^0.6.12;

// The read hides in an internal function the loop calls.
contract C2 {
    mapping(address => uint256) q1;

    function f1(address[] calldata a) external payable {
        for (uint256 i = 0; i < a.length; i++) {
            // ruleid: SOL-MSG-VALUE-LOOP
            g1(a[i]);
        }
    }

    function g1(address x) internal {
        g2(x);
    }

    function g2(address x) private {
        q1[x] = q1[x] + msg.value;
    }
}
