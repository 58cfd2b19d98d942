// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// An ETH pool whose withdrawal is locked, but which pays out before it
/// burns the shares: during the payout the price view reads the old supply
/// with the new balance.
contract EthPool {
    uint256 private status = 1;
    uint256 public totalShares;
    mapping(address => uint256) public shares;

    modifier lock() {
        require(status == 1, "reentrant");
        status = 2;
        _;
        status = 1;
    }

    function deposit() external payable lock {
        shares[msg.sender] += msg.value;
        totalShares += msg.value;
    }

    function withdraw(uint256 amount) external lock {
        uint256 value = (amount * address(this).balance) / totalShares;
        // ruleid: SOL-READONLY-REENTRANCY
        (bool ok, ) = msg.sender.call{value: value}("");
        require(ok, "send");
        shares[msg.sender] -= amount;
        totalShares -= amount;
    }

    function pricePerShare() external view returns (uint256) {
        return (address(this).balance * 1e18) / totalShares;
    }
}
