// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IRouter {
    function getAmountsOut(uint256 amountIn, address[] calldata path) external view returns (uint256[] memory amounts);
}

/// A library that only does AMM math for a swap is not an oracle.
library SwapMath {
    function quote(IRouter router, uint256 amountIn, address[] memory path) internal view returns (uint256) {
        // ok: ECON-SPOT-PRICE-ORACLE
        uint256[] memory amounts = router.getAmountsOut(amountIn, path);
        return amounts[amounts.length - 1];
    }
}

contract Display {
    IRouter public immutable router;

    constructor(IRouter r) {
        router = r;
    }

    /// Reads a quote it never uses for value.
    function ping(uint256 amountIn, address[] calldata path) external view {
        // ok: ECON-SPOT-PRICE-ORACLE
        router.getAmountsOut(amountIn, path);
    }
}
