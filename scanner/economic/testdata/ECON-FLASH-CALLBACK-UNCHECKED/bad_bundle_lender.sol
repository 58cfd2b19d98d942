// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface T1 {
    function transfer(address to, uint256 v) external returns (bool);
    function balanceOf(address a) external view returns (uint256);
}

interface R1 {
    function g1(uint256 v, address r, address i, bytes calldata d) external;
}

/// A lender of the bundle with a callback of its own shape: it sends the
/// tokens, calls g1 on the receiver with the borrower (msg.sender) third,
/// and checks its balance afterwards. Names are opaque.
contract L1 {
    T1 public q1;

    function f1(uint256 v, address r, bytes calldata d) external {
        uint256 b0 = q1.balanceOf(address(this));
        require(q1.transfer(r, v), "sent");
        R1(r).g1(v, r, msg.sender, d);
        require(q1.balanceOf(address(this)) >= b0, "repaid");
    }
}

/// The receiver checks neither who calls it nor who took the loan, and
/// one that checks only the initiator can still be called directly.
contract B1 {
    T1 public q1;
    address public q2;
    uint256 public q3;

    // ruleid: ECON-FLASH-CALLBACK-UNCHECKED
    function g1(uint256 v, address, address, bytes calldata) external {
        q3 += 1;
        require(q1.transfer(q2, v), "back");
    }
}

contract B2 {
    T1 public q1;
    address public q2;

    // ruleid: ECON-FLASH-CALLBACK-UNCHECKED
    function g1(uint256 v, address, address i, bytes calldata) external {
        require(i == address(this), "not mine");
        require(q1.transfer(q2, v), "back");
    }
}
