pragma solidity ^0.8.0;

// Every path to the helper passes a caller check: in the entry function,
// at the call site, or in the helper itself.
contract C181 {
    address q1;

    modifier m1() {
        require(msg.sender == q1, "owner");
        _;
    }

    function g1(address payable t) internal {
        // ok: SOL-UNPROTECTED-SELFDESTRUCT
        selfdestruct(t);
    }

    function g2() internal {
        require(msg.sender == q1, "owner");
        // ok: SOL-UNPROTECTED-SELFDESTRUCT
        selfdestruct(payable(q1));
    }

    function f1() external m1 {
        g1(payable(msg.sender));
    }

    function f2() external {
        if (msg.sender != q1) revert("owner");
        g1(payable(q1));
    }

    function f3() external {
        g2();
    }
}
