pragma solidity ^0.8.0;

// The selfdestruct sits in an internal helper that an unguarded function
// reaches, directly or through another helper.
contract C180 {
    address q1;

    function g1(address payable t) internal {
        // ruleid: SOL-UNPROTECTED-SELFDESTRUCT
        selfdestruct(t);
    }

    function g2() private {
        g1(payable(msg.sender));
    }

    function f1() external {
        g2();
    }
}
