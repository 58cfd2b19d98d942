pragma solidity ^0.6.2;

// A deposit that requires the contract to hold nothing: ether sent to its
// address beforehand (its address is predictable) or forced in later
// blocks it for good, and the ether sent with the call fails it too.
contract C68 {
    address q1;
    uint256 q2;

    constructor() public {
        q1 = msg.sender;
    }

    function f1() external payable {
        // ruleid: SOL-BALANCE-STRICT-EQUALITY
        require(address(this).balance == 0);
        q2 += msg.value;
    }

    function f2() external {
        require(msg.sender == q1);
        msg.sender.transfer(q2);
    }
}
