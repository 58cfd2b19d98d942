// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface ITok33 {
    function balanceOf(address) external view returns (uint256);
    function transfer(address, uint256) external returns (bool);
    function transferFrom(address, address, uint256) external returns (bool);
}

/// A constant-product pool sizing a trade from its own balances: the
/// output is for the caller's amount, bounded by the caller's minimum and
/// the pool's invariant; it is the pool's pricing, not an oracle read.
contract Q33 {
    ITok33 q1;
    ITok33 q2;
    uint256 q3;

    function f1(uint256 a, uint256 m) external {
        uint256 x = q1.balanceOf(address(this));
        uint256 y = q2.balanceOf(address(this));
        // ok: ECON-SPOT-PRICE-ORACLE
        uint256 o = a * y / (x + a);
        require(o >= m);
        q3 += a;
        require(q1.transferFrom(msg.sender, address(this), a));
        require(q2.transfer(msg.sender, o));
    }

    /// One token's balance over itself before and after a transfer is a
    /// fee measurement, not a price.
    function f2(uint256 a) external returns (uint256) {
        uint256 b0 = q1.balanceOf(address(this));
        require(q1.transferFrom(msg.sender, address(this), a));
        // ok: ECON-SPOT-PRICE-ORACLE
        return (q1.balanceOf(address(this)) - b0) * 1e18 / b0;
    }
}
