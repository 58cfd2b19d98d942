// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A batching helper with no state and no token pulls: nobody approves it
// and it holds no role, so a call it makes for the caller has exactly the
// caller's power.
contract Batcher {
    struct Item {
        address to;
        bytes data;
    }

    uint256 public constant MAX_ITEMS = 64;

    function run(Item[] calldata items) external returns (bytes[] memory out) {
        require(items.length <= MAX_ITEMS, "too many");
        out = new bytes[](items.length);
        for (uint256 i = 0; i < items.length; i++) {
            // ok: SOL-ARBITRARY-CALL
            (bool ok, bytes memory r) = items[i].to.call(items[i].data);
            require(ok, "item failed");
            out[i] = r;
        }
    }

    function tryRun(address to, bytes calldata data) external returns (bool ok, bytes memory r) {
        // ok: SOL-ARBITRARY-CALL
        (ok, r) = to.call(data);
    }
}
