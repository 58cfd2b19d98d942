// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface T2 {
    function transfer(address to, uint256 v) external returns (bool);
    function balanceOf(address a) external view returns (uint256);
}

interface R2 {
    function g2(uint256 v, address i, bytes calldata d) external;
    function g3(uint256 v, address i) external;
}

/// A lender of the bundle (it sends, calls back, checks its balance) and
/// a notifier that calls back without lending (no asset sent first, no
/// repayment checked). Names are opaque.
contract L2 {
    T2 public q1;

    function f1(uint256 v, address r, bytes calldata d) external {
        uint256 b0 = q1.balanceOf(address(this));
        require(q1.transfer(r, v), "sent");
        R2(r).g2(v, msg.sender, d);
        require(q1.balanceOf(address(this)) >= b0, "repaid");
    }

    function f2(uint256 v, address r) external {
        R2(r).g3(v, msg.sender);
    }
}

/// The receiver checks that the lender calls it and that it took the
/// loan itself; its notification hook is no flash-loan callback.
contract B3 {
    T2 public q1;
    address public immutable q2;
    uint256 public q3;

    constructor(address l) {
        q2 = l;
    }

    // ok: ECON-FLASH-CALLBACK-UNCHECKED
    function g2(uint256 v, address i, bytes calldata) external {
        require(msg.sender == q2, "lender");
        require(i == address(this), "not mine");
        require(q1.transfer(q2, v), "back");
    }

    // ok: ECON-FLASH-CALLBACK-UNCHECKED
    function g3(uint256 v, address) external {
        q3 += v;
    }
}
