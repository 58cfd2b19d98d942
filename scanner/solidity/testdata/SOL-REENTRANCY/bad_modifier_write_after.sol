pragma solidity ^0.8.0;

// The modifier books the withdrawal after "_", so after the body's call.
contract C26 {
    mapping(address => uint256) q1;

    modifier m1() {
        _;
        q1[msg.sender] = 0;
    }

    function f1() external m1 {
        // ruleid: SOL-REENTRANCY
        (bool ok, ) = msg.sender.call{value: q1[msg.sender]}("");
        require(ok);
    }
}
