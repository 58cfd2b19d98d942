pragma solidity ^0.8.19;

// Rounds of exactly one ether each, told apart by the balance's
// remainder: one forced wei (selfdestruct, a coinbase reward) and no
// round ever completes again.
contract C229 {
    address public w29;

    function f1() external payable {
        require(msg.value == 1 ether);
        // ruleid: SOL-BALANCE-STRICT-EQUALITY
        if (address(this).balance % 10 ether == 0) {
            w29 = msg.sender;
            payable(msg.sender).transfer(address(this).balance);
        }
    }
}
