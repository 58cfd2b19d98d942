// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20 {
    function balanceOf(address who) external view returns (uint256);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
}

contract NaiveVault {
    IERC20 public immutable asset;
    uint256 public totalShares;
    mapping(address => uint256) public shares;

    constructor(IERC20 a) {
        asset = a;
    }

    function totalSupply() public view returns (uint256) {
        return totalShares;
    }

    function totalAssets() public view returns (uint256) {
        return asset.balanceOf(address(this));
    }

    function deposit(uint256 assets) external returns (uint256 minted) {
        if (totalShares == 0) {
            minted = assets;
        } else {
            // ruleid: ECON-VAULT-SHARE-INFLATION
            minted = (assets * totalShares) / totalAssets();
        }
        require(asset.transferFrom(msg.sender, address(this), assets), "transfer");
        shares[msg.sender] += minted;
        totalShares += minted;
    }

    function previewShares(uint256 assets) public view returns (uint256) {
        uint256 held = totalAssets();
        uint256 supply = totalSupply();
        // ruleid: ECON-VAULT-SHARE-INFLATION
        return held == 0 ? assets : (assets * supply) / held;
    }

    /// Assets out for shares in: the balance is the numerator here; the
    /// rounding that robs depositors is in deposit.
    function redeem(uint256 amount) external {
        // ok: ECON-VAULT-SHARE-INFLATION
        uint256 out = (amount * asset.balanceOf(address(this))) / totalSupply();
        shares[msg.sender] -= amount;
        totalShares -= amount;
        require(asset.transfer(msg.sender, out), "transfer");
    }
}
