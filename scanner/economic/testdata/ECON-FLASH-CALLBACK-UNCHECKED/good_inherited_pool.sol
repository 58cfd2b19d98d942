// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {FlashLoanSimpleReceiverBase} from "@aave/core-v3/contracts/flashloan/base/FlashLoanSimpleReceiverBase.sol";

interface IERC20 {
    function transferFrom(address a, address b, uint256 v) external returns (bool);
    function approve(address spender, uint256 amount) external returns (bool);
}

// The pool is a state variable of the imported base, outside the scan:
// the callback checks the caller against it and acts on the initiator's
// own approvals.
contract InheritedPoolAdapter is FlashLoanSimpleReceiverBase {
    constructor(address provider) FlashLoanSimpleReceiverBase(provider) {}

    // ok: ECON-FLASH-CALLBACK-UNCHECKED
    function executeOperation(address asset, uint256 amount, uint256 premium, address initiator, bytes calldata)
        external
        returns (bool)
    {
        require(msg.sender == address(POOL), "caller must be pool");
        pull(asset, initiator, amount + premium);
        IERC20(asset).approve(address(POOL), amount + premium);
        return true;
    }

    function pull(address asset, address user, uint256 v) internal {
        require(IERC20(asset).transferFrom(user, address(this), v));
    }
}
