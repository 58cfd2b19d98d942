// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface ITok22 {
    function balanceOf(address) external view returns (uint256);
    function transferFrom(address, address, uint256) external returns (bool);
}

/// The same helper, handed virtual shares and assets by one caller and
/// stored accounting by another: a donation cannot round a deposit to
/// zero.
contract Q22 {
    ITok22 q1;
    uint256 q2;
    uint256 q4;
    mapping(address => uint256) q3;

    function h1(uint256 a, uint256 b, uint256 c) internal pure returns (uint256) {
        return a * c / b;
    }

    function f1(uint256 a) external {
        // ok: ECON-VAULT-SHARE-INFLATION
        uint256 s = h1(a, q1.balanceOf(address(this)) + 1, q2 + 1e3);
        require(q1.transferFrom(msg.sender, address(this), a));
        q3[msg.sender] += s;
        q2 += s;
    }

    function f2(uint256 a) external {
        // ok: ECON-VAULT-SHARE-INFLATION
        uint256 s = q2 == 0 ? a : h1(a, q4, q2);
        require(q1.transferFrom(msg.sender, address(this), a));
        q4 += a;
        q3[msg.sender] += s;
        q2 += s;
    }

    function f3(uint256 s) external view returns (uint256) {
        // ok: ECON-VAULT-SHARE-INFLATION
        return h1(s, q2, q1.balanceOf(address(this)));
    }
}
