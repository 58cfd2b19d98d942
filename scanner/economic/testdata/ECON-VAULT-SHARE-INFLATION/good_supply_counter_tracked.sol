// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface ITok6 {
    function balanceOf(address) external view returns (uint256);
    function transferFrom(address, address, uint256) external returns (bool);
}

/// The same counter-based shares, priced from assets the vault records
/// itself: a donation does not move the price.
contract Q6 {
    ITok6 q1;
    mapping(address => uint256) q2;
    uint256 q3;
    uint256 q4;

    function f1(uint256 a) external {
        // ok: ECON-VAULT-SHARE-INFLATION
        uint256 s = q3 == 0 ? a : a * q3 / q4;
        require(q1.transferFrom(msg.sender, address(this), a));
        q4 += a;
        q3 += s;
        q2[msg.sender] += s;
    }

    // A ratio of the balance to a counter that is not a supply (a count of
    // deposits, raised by one) is not share pricing.
    function f2() external view returns (uint256) {
        // ok: ECON-VAULT-SHARE-INFLATION
        return q4 * 1e18 / q1.balanceOf(address(this));
    }
}
