pragma solidity ^0.8.0;

// The credit sits in an internal helper; the public functions that reach
// it pass the caller's amount through.
contract C141 {
    mapping(address => uint256) q1;
    uint256 q2;
    address q3;

    constructor() {
        q3 = msg.sender;
    }

    function h1(address t, uint256 x) internal {
        q2 += x;
        q1[t] += x;
    }

    function h2(address t, uint256 x) internal {
        h1(t, x * 10);
    }

    function f1(address t, uint256 x) external {
        // ruleid: SOL-UNPROTECTED-CREDIT
        h1(t, x);
    }

    function f2(uint256 x) public {
        uint256 y = x + 1;
        // ruleid: SOL-UNPROTECTED-CREDIT
        h1(msg.sender, y);
    }

    function f3(address t, uint256 x) external {
        require(msg.sender == q3);
        // ok: SOL-UNPROTECTED-CREDIT
        h1(t, x);
    }
}
