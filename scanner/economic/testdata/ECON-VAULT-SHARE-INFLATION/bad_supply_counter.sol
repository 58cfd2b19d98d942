// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface ITok7 {
    function balanceOf(address) external view returns (uint256);
    function transferFrom(address, address, uint256) external returns (bool);
}

/// No totalSupply() function: the share supply is the counter minted
/// beside each holder's shares, and assets are the vault's balance.
contract Q7 {
    ITok7 q1;
    mapping(address => uint256) q2;
    uint256 q3;

    function h1(address t, uint256 s) internal {
        q3 += s;
        q2[t] += s;
    }

    function f1(uint256 a) external {
        // ruleid: ECON-VAULT-SHARE-INFLATION
        uint256 s = q3 == 0 ? a : a * q3 / q1.balanceOf(address(this));
        require(q1.transferFrom(msg.sender, address(this), a));
        h1(msg.sender, s);
    }
}
