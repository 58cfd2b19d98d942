pragma solidity ^0.4.24;

contract C4 {
    mapping(address => uint256) q1;
    uint256[] q2;

    function f1(address[] a) public payable {
        for (uint256 i = 0; i < a.length; i++) {
            // ruleid: SOL-MSG-VALUE-LOOP
            require(msg.value == q2[i]);
            q1[a[i]] += 1;
        }
    }
}
