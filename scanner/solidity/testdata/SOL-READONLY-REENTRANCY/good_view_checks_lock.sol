// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The view refuses to answer while the lock is held, the fix Curve's
/// pools adopted.
contract GuardedView {
    uint256 private status = 1;
    uint256 public totalShares;
    mapping(address => uint256) public shares;
    uint256 public feeBps = 30;

    modifier lock() {
        require(status == 1, "reentrant");
        status = 2;
        _;
        status = 1;
    }

    function withdraw(uint256 amount) external lock {
        uint256 value = (amount * address(this).balance) / totalShares;
        // ok: SOL-READONLY-REENTRANCY
        (bool ok, ) = msg.sender.call{value: value}("");
        require(ok, "send");
        shares[msg.sender] -= amount;
        totalShares -= amount;
    }

    function _entered() internal view returns (bool) {
        return status == 2;
    }

    function pricePerShare() external view returns (uint256) {
        require(!_entered(), "locked");
        return (address(this).balance * 1e18) / totalShares;
    }

    /// Reads nothing the withdrawal leaves stale.
    function feeOf(uint256 amount) external view returns (uint256) {
        return (amount * feeBps) / 10_000;
    }
}
