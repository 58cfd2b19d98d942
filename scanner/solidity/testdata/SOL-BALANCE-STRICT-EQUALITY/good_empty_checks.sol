pragma solidity ^0.6.2;

// Emptiness tests a donation can only turn off: a view reporting it, an
// optional step taken when empty, a withdrawal that refuses to run on an
// empty contract, a step required to find it empty (not payable:
// no ether of the caller's is counted in the balance).
contract C69 {
    address payable q1;
    uint256 q2;

    constructor() public {
        q1 = msg.sender;
    }

    function g1() external view returns (bool) {
        // ok: SOL-BALANCE-STRICT-EQUALITY
        return address(this).balance == 0;
    }

    function f1() external {
        // ok: SOL-BALANCE-STRICT-EQUALITY
        if (address(this).balance == 0) {
            q2 = 0;
        }
    }

    function f2() external {
        require(msg.sender == q1);
        // ok: SOL-BALANCE-STRICT-EQUALITY
        require(address(this).balance != 0);
        q1.transfer(address(this).balance);
    }

    function f3() external {
        // ok: SOL-BALANCE-STRICT-EQUALITY
        require(address(this).balance == 0 && q2 == 0);
        q2 = block.number;
    }
}
