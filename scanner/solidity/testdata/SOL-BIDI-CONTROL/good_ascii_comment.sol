pragma solidity ^0.4.24;

contract C93 {
    address q1;

    function g(address a, uint256 b, uint256 c) internal {
    }

    function f1() public {
        // ok: SOL-BIDI-CONTROL
        g(q1, /* amount, then fee */ 1, 2);
    }
}
