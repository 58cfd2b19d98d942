// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// The same three-deep redemption, with the owner's allowance to the caller
// spent before the burn, or the owner required to be the caller.
interface IT6 {
    function transfer(address to, uint256 v) external returns (bool);
}

contract Q51 {
    mapping(address => uint256) q1;
    mapping(address => mapping(address => uint256)) q4;
    uint256 q2;
    IT6 q3;

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

    function spend(address owner, address spender, uint256 v) internal {
        uint256 a = q4[owner][spender];
        require(a >= v);
        q4[owner][spender] = a - v;
    }

    function h1(address caller, address receiver, address owner, uint256 v) internal {
        if (caller != owner) {
            spend(owner, caller, v);
        }
        h2(owner, v);
        require(q3.transfer(receiver, v));
    }

    function f1(uint256 v, address receiver, address owner) external {
        // ok: SOL-UNAUTHORIZED-DEBIT
        h1(msg.sender, receiver, owner, v);
    }

    function f2(uint256 v, address receiver, address owner) external {
        require(owner == msg.sender);
        // ok: SOL-UNAUTHORIZED-DEBIT
        h1(msg.sender, receiver, owner, v);
    }
}
