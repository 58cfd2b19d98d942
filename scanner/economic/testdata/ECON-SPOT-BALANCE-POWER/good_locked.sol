// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20 {
    function balanceOf(address who) external view returns (uint256);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

/// Deposits the caller's whole balance: the tokens are locked, not lent.
contract DepositAll {
    IERC20 public immutable token;
    mapping(address => uint256) public deposits;
    uint256 public minimum;

    constructor(IERC20 t) {
        token = t;
    }

    function depositAll() external {
        // ok: ECON-SPOT-BALANCE-POWER
        uint256 amount = token.balanceOf(msg.sender);
        require(token.transferFrom(msg.sender, address(this), amount), "transfer");
        deposits[msg.sender] += amount;
    }

    /// A holding check gates, it does not record power.
    function gated() external view returns (bool) {
        // ok: ECON-SPOT-BALANCE-POWER
        return token.balanceOf(msg.sender) >= minimum;
    }
}
