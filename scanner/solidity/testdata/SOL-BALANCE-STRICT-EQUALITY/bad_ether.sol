pragma solidity ^0.4.24;

// The game pays out when the pot is exactly the target: one forced wei
// (selfdestruct) and it never is.
contract C1 {
    uint256 q1 = 10 ether;
    address q2;

    function f1() public payable {
        require(msg.value == 1 ether);
        // ruleid: SOL-BALANCE-STRICT-EQUALITY
        if (this.balance == q1) {
            q2 = msg.sender;
        }
    }

    function f2() public {
        // ruleid: SOL-BALANCE-STRICT-EQUALITY
        require(address(this).balance != q1);
        q2.transfer(address(this).balance);
    }
}
