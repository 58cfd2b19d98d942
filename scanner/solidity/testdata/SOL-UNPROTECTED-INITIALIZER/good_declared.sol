pragma solidity ^0.4.24;

// The flag is set where it is declared: the check can never pass.
contract C7 {
    address q1 = msg.sender;

    // ok: SOL-UNPROTECTED-INITIALIZER
    function f1(address a) public {
        require(q1 == address(0));
        q1 = a;
    }

    function f2() public {
        require(msg.sender == q1);
        selfdestruct(q1);
    }
}
