// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20 {
    function balanceOf(address who) external view returns (uint256);
}

/// Mints a synthetic at the pool's current exchange rate.
contract SyntheticMinter {
    IERC20 public immutable base;
    IERC20 public immutable quote;
    address public immutable pool;
    uint256 public lastRate;
    mapping(address => uint256) public minted;

    constructor(IERC20 b, IERC20 q, address p) {
        base = b;
        quote = q;
        pool = p;
    }

    function mint(uint256 baseAmount) external {
        // ruleid: ECON-SPOT-PRICE-ORACLE
        uint256 rate = (quote.balanceOf(pool) * 1e18) / base.balanceOf(pool);
        lastRate = rate;
        minted[msg.sender] += (baseAmount * rate) / 1e18;
    }
}
