// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20 {
    function balanceOf(address who) external view returns (uint256);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

/// Assets are tracked in storage: a donation changes nothing.
contract AccountedVault {
    IERC20 public immutable asset;
    uint256 public totalSupply;
    uint256 public storedAssets;
    mapping(address => uint256) public shares;

    constructor(IERC20 a) {
        asset = a;
    }

    function deposit(uint256 assets) external returns (uint256 minted) {
        // ok: ECON-VAULT-SHARE-INFLATION
        minted = totalSupply == 0 ? assets : (assets * totalSupply) / storedAssets;
        require(asset.transferFrom(msg.sender, address(this), assets), "transfer");
        storedAssets += assets;
        totalSupply += minted;
        shares[msg.sender] += minted;
    }

    /// The share of the balance a holder owns, for display only, uses the
    /// balance as the numerator.
    function ownedBalance(address who) external view returns (uint256) {
        // ok: ECON-VAULT-SHARE-INFLATION
        return (shares[who] * asset.balanceOf(address(this))) / (totalSupply + 1);
    }
}
