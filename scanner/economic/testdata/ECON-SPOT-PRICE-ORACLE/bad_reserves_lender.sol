// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IUniswapV2Pair {
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
}

interface IERC20 {
    function transfer(address to, uint256 amount) external returns (bool);
}

contract CollateralLender {
    IUniswapV2Pair public immutable pair;
    IERC20 public immutable stable;
    mapping(address => uint256) public collateral;
    mapping(address => uint256) public debt;

    constructor(IUniswapV2Pair p, IERC20 s) {
        pair = p;
        stable = s;
    }

    function collateralPrice() public view returns (uint256) {
        // ruleid: ECON-SPOT-PRICE-ORACLE
        (uint112 r0, uint112 r1, ) = pair.getReserves();
        return (uint256(r1) * 1e18) / uint256(r0);
    }

    function borrow(uint256 amount) external {
        uint256 value = (collateral[msg.sender] * collateralPrice()) / 1e18;
        require(value * 2 >= (debt[msg.sender] + amount) * 3, "undercollateralised");
        debt[msg.sender] += amount;
        require(stable.transfer(msg.sender, amount), "transfer");
    }
}
