// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// The helper skips the checks to save gas, trusting callers that never
// bound what they pass on.
contract Credits {
    mapping(address => uint256) public credit;

    function _take(address who, uint256 v) private {
        unchecked {
            // ruleid: SOL-INTEGER-OVERFLOW
            credit[who] = credit[who] - v;
        }
    }

    function spend(uint256 v) external {
        _take(msg.sender, v);
    }
}
