// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20 {
    function approve(address spender, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
}

interface IERC3156FlashBorrower {
    function onFlashLoan(address initiator, address token, uint256 amount, uint256 fee, bytes calldata data)
        external
        returns (bytes32);
}

/// Repays any loan and runs the caller's action: anyone can call it
/// directly, or borrow in its name.
contract Arbitrageur is IERC3156FlashBorrower {
    address public immutable lender;
    uint256 public profits;

    constructor(address l) {
        lender = l;
    }

    // ruleid: ECON-FLASH-CALLBACK-UNCHECKED
    function onFlashLoan(address initiator, address token, uint256 amount, uint256 fee, bytes calldata data)
        external
        override
        returns (bytes32)
    {
        (address target, bytes memory call) = abi.decode(data, (address, bytes));
        (bool ok, ) = target.call(call);
        require(ok, "action");
        profits += 1;
        IERC20(token).approve(lender, amount + fee);
        return keccak256("ERC3156FlashBorrower.onFlashLoan");
    }
}
