// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The caller comes from _msgSender() of a base the scan does not hold (a
// Context left out with the dependencies): unknown, so neither the
// allowance spend nor the modifier is taken to miss the caller.
contract Q60 is Q61 {
    mapping(address => uint256) q1;
    mapping(address => mapping(address => uint256)) q2;
    address q3;

    modifier m1() {
        require(_msgSender() == q3);
        _;
    }

    function f1(address from, address to, uint256 v) external returns (bool) {
        q2[from][_msgSender()] -= v;
        // ok: SOL-UNAUTHORIZED-DEBIT
        q1[from] -= v;
        q1[to] += v;
        return true;
    }

    function f2(address from, uint256 v) external m1 {
        // ok: SOL-UNAUTHORIZED-DEBIT
        q1[from] -= v;
    }
}
