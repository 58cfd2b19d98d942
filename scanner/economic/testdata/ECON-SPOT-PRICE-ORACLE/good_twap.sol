// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IUniswapV3Pool {
    function observe(uint32[] calldata secondsAgos)
        external
        view
        returns (int56[] memory tickCumulatives, uint160[] memory secondsPerLiquidityCumulativeX128s);
    function slot0()
        external
        view
        returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint8 feeProtocol, bool unlocked);
}

/// Prices from a 30-minute time-weighted average tick; slot0 only reports
/// whether the pool is unlocked for a health view.
contract TwapPricer {
    IUniswapV3Pool public immutable pool;
    uint32 public constant WINDOW = 1800;

    constructor(IUniswapV3Pool p) {
        pool = p;
    }

    function averageTick() public view returns (int24) {
        uint32[] memory ago = new uint32[](2);
        ago[0] = WINDOW;
        ago[1] = 0;
        (int56[] memory cumulatives, ) = pool.observe(ago);
        return int24((cumulatives[1] - cumulatives[0]) / int56(uint56(WINDOW)));
    }

    function poolUnlocked() external view returns (bool unlocked) {
        // ok: ECON-SPOT-PRICE-ORACLE
        (, , , , , , unlocked) = pool.slot0();
    }
}
