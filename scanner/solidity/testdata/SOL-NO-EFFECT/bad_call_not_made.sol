pragma solidity ^0.4.24;

// The ether's value and gas are set on the call, but the final () that
// makes it is missing: nothing is sent, and the balance is cleared anyway.
contract C78 {
    mapping(address => uint256) q1;

    function f0() external payable {
        q1[msg.sender] += msg.value;
    }

    function f1() external {
        uint256 a = q1[msg.sender];
        q1[msg.sender] = 0;
        // ruleid: SOL-NO-EFFECT
        msg.sender.call.value(a);
    }

    function f2() external {
        uint256 a = q1[msg.sender];
        q1[msg.sender] = 0;
        // ok: SOL-NO-EFFECT
        require(msg.sender.call.value(a)());
    }
}
