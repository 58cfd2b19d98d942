// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20 {
    function balanceOf(address who) external view returns (uint256);
}

library Math {
    function mulDiv(uint256 x, uint256 y, uint256 denominator) internal pure returns (uint256) {
        return (x * y) / denominator;
    }
}

/// OpenZeppelin-style virtual shares and assets: a donation cannot round
/// later deposits to zero.
contract OffsetVault {
    using Math for uint256;

    IERC20 public immutable asset;
    uint256 private _totalSupply;

    constructor(IERC20 a) {
        asset = a;
    }

    function totalSupply() public view returns (uint256) {
        return _totalSupply;
    }

    function totalAssets() public view returns (uint256) {
        return asset.balanceOf(address(this));
    }

    function _decimalsOffset() internal pure returns (uint8) {
        return 3;
    }

    function convertToShares(uint256 assets) public view returns (uint256) {
        // ok: ECON-VAULT-SHARE-INFLATION
        return assets.mulDiv(totalSupply() + 10 ** _decimalsOffset(), totalAssets() + 1);
    }

    function convertToAssets(uint256 shares) public view returns (uint256) {
        // ok: ECON-VAULT-SHARE-INFLATION
        return shares.mulDiv(totalAssets() + 1, totalSupply() + 10 ** _decimalsOffset());
    }
}
