pragma solidity ^0.6.12;

// The owner doubles as the flag, written by an internal helper.
contract C2 {
    address q1;
    uint256 q2;

    // ruleid: SOL-UNPROTECTED-INITIALIZER
    function f1(uint256 v) public {
        require(q1 == address(0));
        g1(msg.sender);
        q2 = v;
    }

    function g1(address a) internal {
        q1 = a;
    }

    function f2() external {
        if (msg.sender != q1) {
            revert();
        }
        selfdestruct(msg.sender);
    }
}
