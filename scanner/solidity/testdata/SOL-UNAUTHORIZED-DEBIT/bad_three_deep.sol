// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A vault's redemption for an owner the caller names reaches the debit
// three calls deep (redeem -> settle -> burn -> update) and never spends
// an allowance on the way.
interface IT5 {
    function transfer(address to, uint256 v) external returns (bool);
}

contract Q50 {
    mapping(address => uint256) q1;
    uint256 q2;
    IT5 q3;

    function h3(address from, address to, uint256 v) internal {
        if (from != address(0)) {
            uint256 b = q1[from];
            require(b >= v);
            unchecked {
                q1[from] = b - v;
            }
        } else {
            q2 += v;
        }
        if (to != address(0)) {
            q1[to] += v;
        } else {
            q2 -= v;
        }
    }

    function h2(address from, uint256 v) internal {
        h3(from, address(0), v);
    }

    function h1(address receiver, address owner, uint256 v) internal {
        h2(owner, v);
        require(q3.transfer(receiver, v));
    }

    function f1(uint256 v, address receiver, address owner) external {
        // ruleid: SOL-UNAUTHORIZED-DEBIT
        h1(receiver, owner, v);
    }

    function f2(uint256 v, address receiver) external {
        // ok: SOL-UNAUTHORIZED-DEBIT
        h1(receiver, msg.sender, v);
    }
}
