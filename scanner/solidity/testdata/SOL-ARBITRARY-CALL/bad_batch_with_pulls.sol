// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IToken {
    function transferFrom(address from, address to, uint256 v) external returns (bool);
}

// The same batching helper, but it also pulls tokens from its users, so
// they approve it: a batch item calling transferFrom(victim, attacker, v)
// spends those approvals.
contract Batcher {
    struct Item {
        address to;
        bytes data;
    }

    function depositAndRun(IToken t, uint256 v, Item[] calldata items) external {
        require(t.transferFrom(msg.sender, address(this), v), "pull");
        for (uint256 i = 0; i < items.length; i++) {
            // ruleid: SOL-ARBITRARY-CALL
            (bool ok, ) = items[i].to.call(items[i].data);
            require(ok, "item failed");
        }
    }
}
