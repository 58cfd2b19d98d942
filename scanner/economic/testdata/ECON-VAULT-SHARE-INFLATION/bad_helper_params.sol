// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface ITok20 {
    function balanceOf(address) external view returns (uint256);
    function transferFrom(address, address, uint256) external returns (bool);
    function transfer(address, uint256) external returns (bool);
}

/// The share math lives in a pure helper working on its parameters: the
/// deposit hands it the vault's own balance as divisor and the share
/// counter as factor.
contract Q20 {
    ITok20 q1;
    uint256 q2;
    mapping(address => uint256) q3;

    function h1(uint256 a, uint256 b, uint256 c) internal pure returns (uint256) {
        if (b == 0) return a;
        return a * c / b;
    }

    function f1(uint256 a) external {
        uint256 s;
        if (q2 == 0) {
            s = a;
        } else {
            // ruleid: ECON-VAULT-SHARE-INFLATION
            s = h1(a, q1.balanceOf(address(this)), q2);
        }
        require(q1.transferFrom(msg.sender, address(this), a));
        q3[msg.sender] += s;
        q2 += s;
    }

    function f2(uint256 s) external {
        // ok: ECON-VAULT-SHARE-INFLATION
        uint256 a = s * q1.balanceOf(address(this)) / q2;
        q3[msg.sender] -= s;
        q2 -= s;
        require(q1.transfer(msg.sender, a));
    }
}
