// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// The loop pays through a helper, but what it settles is a total for the
// caller written after the whole loop: a receiver re-entering during the
// first payment is paid the full amount again.
contract Rewards {
    mapping(address => uint256) internal owedTotal;
    address[] internal payees;

    function _pay(address to, uint256 v) internal {
        (bool ok, ) = to.call{value: v}("");
        require(ok, "send");
    }

    function claimAll() external {
        uint256 v = owedTotal[msg.sender] / payees.length;
        for (uint256 i = 0; i < payees.length; i++) {
            // ruleid: SOL-REENTRANCY
            _pay(payees[i], v);
        }
        owedTotal[msg.sender] = 0;
    }
}
