// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20 {
    function approve(address spender, uint256 amount) external returns (bool);
}

interface IPool {
    function flashLoanSimple(address receiver, address asset, uint256 amount, bytes calldata params, uint16 code) external;
}

/// Checks the pool but not who started the loan: anyone can make the pool
/// call back here with their own params.
contract Liquidator {
    IPool public immutable pool;
    mapping(address => uint256) public liquidated;

    constructor(IPool p) {
        pool = p;
    }

    // ruleid: ECON-FLASH-CALLBACK-UNCHECKED
    function executeOperation(address asset, uint256 amount, uint256 premium, address initiator, bytes calldata params)
        external
        returns (bool)
    {
        require(msg.sender == address(pool), "not pool");
        address victim = abi.decode(params, (address));
        liquidated[victim] += amount;
        IERC20(asset).approve(address(pool), amount + premium);
        return true;
    }
}

/// A Uniswap V2 flash swap callback that checks nothing.
contract FlashSwapper {
    uint256 public swaps;

    // ruleid: ECON-FLASH-CALLBACK-UNCHECKED
    function uniswapV2Call(address sender, uint256 amount0, uint256 amount1, bytes calldata data) external {
        swaps += amount0 + amount1;
    }
}
