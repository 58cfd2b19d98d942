// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface I1 {
    function transferFrom(address a, address b, uint256 v) external returns (bool);
    function approve(address s, uint256 v) external returns (bool);
}

// An adapter acting on its user's position: the lender is checked, and
// the callback pulls the repayment from the loan's initiator (through a
// helper), so a stranger's loan can only spend the stranger's approvals.
// Names are opaque.
contract C30 {
    address public immutable q1;

    constructor(address p) {
        q1 = p;
    }

    function h1(address t, address u, uint256 v) internal {
        require(I1(t).transferFrom(u, address(this), v));
    }

    function h2(address t, address u, uint256 v) internal {
        h1(t, u, v);
    }

    // ok: ECON-FLASH-CALLBACK-UNCHECKED
    function executeOperation(address[] calldata a, uint256[] calldata m, uint256[] calldata p, address who, bytes calldata)
        external
        returns (bool)
    {
        require(msg.sender == q1);
        h2(a[0], who, m[0] + p[0]);
        I1(a[0]).approve(q1, m[0] + p[0]);
        return true;
    }
}
