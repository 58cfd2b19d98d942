// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface I1 {
    function transfer(address b, uint256 v) external returns (bool);
    function transferFrom(address a, address b, uint256 v) external returns (bool);
    function approve(address s, uint256 v) external returns (bool);
}

// The initiator is used, but not as the one who pays: the callback pays
// it from the contract's funds, or pulls from it without checking the
// lender (anyone calls it directly). Names are opaque.
contract C31 {
    address public immutable q1;

    constructor(address p) {
        q1 = p;
    }

    // ruleid: ECON-FLASH-CALLBACK-UNCHECKED
    function executeOperation(address[] calldata a, uint256[] calldata m, uint256[] calldata p, address who, bytes calldata)
        external
        returns (bool)
    {
        require(msg.sender == q1);
        I1(a[0]).transfer(who, m[0] / 100);
        I1(a[0]).approve(q1, m[0] + p[0]);
        return true;
    }
}

contract C32 {
    address public immutable q1;

    constructor(address p) {
        q1 = p;
    }

    // ruleid: ECON-FLASH-CALLBACK-UNCHECKED
    function executeOperation(address[] calldata a, uint256[] calldata m, uint256[] calldata p, address who, bytes calldata)
        external
        returns (bool)
    {
        I1(a[0]).transferFrom(who, address(this), p[0]);
        I1(a[0]).approve(q1, m[0] + p[0]);
        return true;
    }
}
