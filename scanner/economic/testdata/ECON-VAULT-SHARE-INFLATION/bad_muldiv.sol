// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20 {
    function balanceOf(address who) external view returns (uint256);
}

library FullMath {
    function mulDiv(uint256 a, uint256 b, uint256 denominator) internal pure returns (uint256) {
        return (a * b) / denominator;
    }
}

abstract contract ShareToken {
    uint256 internal _supply;

    function totalSupply() public view virtual returns (uint256) {
        return _supply;
    }
}

contract StakingPool is ShareToken {
    IERC20 public immutable stakeToken;
    mapping(address => uint256) public balanceOf;

    constructor(IERC20 t) {
        stakeToken = t;
    }

    function previewDeposit(uint256 assets) public view returns (uint256) {
        uint256 held = stakeToken.balanceOf(address(this));
        if (held == 0) return assets;
        // ruleid: ECON-VAULT-SHARE-INFLATION
        return FullMath.mulDiv(assets, totalSupply(), held);
    }

    function mintFor(address to, uint256 assets) external {
        uint256 minted = previewDeposit(assets);
        balanceOf[to] += minted;
        _supply += minted;
    }
}
