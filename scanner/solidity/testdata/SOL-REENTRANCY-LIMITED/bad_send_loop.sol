pragma solidity ^0.4.24;

contract C34 {
    address[] q1;
    uint256 q2;

    // The queue position decides the recipient and moves after the send.
    function f1() public {
        while (q2 < q1.length) {
            // ruleid: SOL-REENTRANCY-LIMITED
            if (!q1[q2].send(1 ether)) {
                revert();
            }
            q2 += 1;
        }
    }
}
