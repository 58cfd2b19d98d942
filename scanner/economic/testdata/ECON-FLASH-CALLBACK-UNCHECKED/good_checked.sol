// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20 {
    function approve(address spender, uint256 amount) external returns (bool);
}

contract SafeBorrower {
    address public immutable lender;
    uint256 public loans;

    constructor(address l) {
        lender = l;
    }

    // ok: ECON-FLASH-CALLBACK-UNCHECKED
    function onFlashLoan(address initiator, address token, uint256 amount, uint256 fee, bytes calldata)
        external
        returns (bytes32)
    {
        require(msg.sender == lender, "untrusted lender");
        require(initiator == address(this), "untrusted initiator");
        loans += 1;
        IERC20(token).approve(lender, amount + fee);
        return keccak256("ERC3156FlashBorrower.onFlashLoan");
    }
}

contract SafeAaveReceiver {
    address public immutable pool;
    uint256 public total;

    constructor(address p) {
        pool = p;
    }

    modifier onlyPool() {
        require(msg.sender == pool, "not pool");
        _;
    }

    // ok: ECON-FLASH-CALLBACK-UNCHECKED
    function executeOperation(address asset, uint256 amount, uint256 premium, address initiator, bytes calldata)
        external
        onlyPool
        returns (bool)
    {
        if (initiator != address(this)) revert();
        total += amount;
        IERC20(asset).approve(pool, amount + premium);
        return true;
    }
}
