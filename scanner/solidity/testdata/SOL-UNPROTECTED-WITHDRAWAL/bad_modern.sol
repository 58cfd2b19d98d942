pragma solidity ^0.8.0;

// A modifier that checks nothing about the caller protects nothing.
contract C81 {
    uint256 q1;

    modifier m1() {
        require(q1 > 0, "closed");
        _;
    }

    function f1(uint256 a) external m1 {
        q1 = a;
    }

    function f2() external m1 {
        // ruleid: SOL-UNPROTECTED-WITHDRAWAL
        payable(msg.sender).transfer(q1);
    }
}
