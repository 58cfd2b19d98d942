// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface ITok21 {
    function balanceOf(address) external view returns (uint256);
    function totalSupply() external view returns (uint256);
}

library M21 {
    function mulDiv(uint256 x, uint256 y, uint256 d) internal pure returns (uint256) {
        return x * y / d;
    }
}

/// The helper takes the supply and the assets in the other order and
/// divides through a mulDiv; the assets come through a view that reads
/// the vault's balance, passed via a local.
abstract contract Q21 {
    ITok21 q1;

    function totalSupply() public view virtual returns (uint256);
    function h2(address t, uint256 s) internal virtual;

    function h0() public view returns (uint256) {
        return q1.balanceOf(address(this));
    }

    function h1(uint256 sup, uint256 a, uint256 assets) internal pure returns (uint256) {
        return M21.mulDiv(a, sup, assets);
    }

    function f1(uint256 a) external {
        uint256 t = h0();
        // ruleid: ECON-VAULT-SHARE-INFLATION
        uint256 s = totalSupply() == 0 ? a : h1(totalSupply(), a, t);
        h2(msg.sender, s);
    }
}
