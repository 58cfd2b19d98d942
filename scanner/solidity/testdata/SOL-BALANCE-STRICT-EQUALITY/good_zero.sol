pragma solidity ^0.4.24;

// An emptiness test: a donation can only turn it off (documented).
contract C6 {
    address q1;

    function f1() public {
        // ok: SOL-BALANCE-STRICT-EQUALITY
        require(this.balance == 0);
        q1 = msg.sender;
    }

    function f2() public {
        uint256 b = address(this).balance;
        // ok: SOL-BALANCE-STRICT-EQUALITY
        if (b != 0) {
            q1.transfer(b);
        }
    }
}
