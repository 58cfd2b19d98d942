pragma solidity ^0.4.24;

contract C34 {
    address[] q1;
    uint256 q2;

    function f1() public {
        for (uint256 i = 0; i < q1.length; i++) {
            q2 = i;
            // ruleid: SOL-REENTRANCY-LIMITED
            if (!q1[i].send(1 ether)) {
                revert();
            }
        }
    }
}
