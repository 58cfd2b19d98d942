// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface ITok30 {
    function balanceOf(address) external view returns (uint256);
    function transfer(address, uint256) external returns (bool);
    function transferFrom(address, address, uint256) external returns (bool);
}

/// A pool that prices one of its tokens in the other by its own two
/// balances, read into locals: a flash loan or a donation moves it, and
/// whoever reads the view (another contract lending against it) pays.
contract Q30 {
    ITok30 q1;
    ITok30 q2;

    function f1() public view returns (uint256) {
        uint256 x = q1.balanceOf(address(this));
        uint256 y = q2.balanceOf(address(this));
        if (x == 0) return 0;
        // ruleid: ECON-SPOT-PRICE-ORACLE
        uint256 p = y * 1e18 / x;
        return p;
    }
}

/// The same price computed inline and used to size a payout.
contract Q31 {
    ITok30 q1;
    ITok30 q2;
    mapping(address => uint256) q3;

    function f1(uint256 a) external {
        require(q1.transferFrom(msg.sender, address(this), a));
        // ruleid: ECON-SPOT-PRICE-ORACLE
        uint256 p = (q2.balanceOf(address(this)) * 1e18) / q1.balanceOf(address(this));
        q3[msg.sender] += a * p / 1e18;
    }
}

/// Another holder's two balances through locals.
contract Q32 {
    ITok30 q1;
    ITok30 q2;
    address q4;
    uint256 q5;

    function f1() external {
        uint256 x = q1.balanceOf(q4);
        uint256 y = q2.balanceOf(q4);
        // ruleid: ECON-SPOT-PRICE-ORACLE
        q5 = y * 1e18 / x;
    }
}
