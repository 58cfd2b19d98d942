pragma solidity ^0.4.24;

// The override reverses how the argument list reads: the compiler sees
// g(q1, 1, 2) while a reviewer sees the arguments in another order.
contract C90 {
    address q1;

    function g(address a, uint256 b, uint256 c) internal {
    }

    function f1() public {
        // ruleid: SOL-BIDI-CONTROL
        g(q1, /*‮ 2 ,1 */ 1, 2);
    }
}
