// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Checks-effects-interactions: every update happens before the payout,
/// so the view is never stale.
contract OrderedPool {
    uint256 private status = 1;
    uint256 public totalShares;
    mapping(address => uint256) public shares;

    modifier lock() {
        require(status == 1, "reentrant");
        status = 2;
        _;
        status = 1;
    }

    function withdraw(uint256 amount) external lock {
        uint256 value = (amount * address(this).balance) / totalShares;
        shares[msg.sender] -= amount;
        totalShares -= amount;
        // ok: SOL-READONLY-REENTRANCY
        (bool ok, ) = msg.sender.call{value: value}("");
        require(ok, "send");
    }

    function pricePerShare() external view returns (uint256) {
        return (address(this).balance * 1e18) / totalShares;
    }
}
