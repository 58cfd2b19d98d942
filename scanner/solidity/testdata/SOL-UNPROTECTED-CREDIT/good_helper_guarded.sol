pragma solidity ^0.6.12;

// Helpers that credit, reached only through a checked caller, a payment,
// a pulled transfer or a constant amount.
interface I142 {
    function transferFrom(address a, address b, uint256 v) external returns (bool);
}

contract C142 {
    mapping(address => uint256) q1;
    address q2;
    I142 q3;

    modifier m1() {
        require(msg.sender == q2);
        _;
    }

    function h1(address t, uint256 x) internal {
        q1[t] += x;
    }

    function f1(address t, uint256 x) external m1 {
        // ok: SOL-UNPROTECTED-CREDIT
        h1(t, x);
    }

    function f2() external payable {
        // ok: SOL-UNPROTECTED-CREDIT
        h1(msg.sender, msg.value);
    }

    function f3(uint256 x) external {
        require(q3.transferFrom(msg.sender, address(this), x));
        // ok: SOL-UNPROTECTED-CREDIT
        h1(msg.sender, x);
    }

    function f4(address t) external {
        // ok: SOL-UNPROTECTED-CREDIT
        h1(t, 0);
    }
}
