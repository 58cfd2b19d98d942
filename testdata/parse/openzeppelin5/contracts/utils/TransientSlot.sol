// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Typed transient slots, and a guard built on them.
library TransientSlot {
    type BooleanSlot is bytes32;

    function asBoolean(bytes32 slot) internal pure returns (BooleanSlot) {
        return BooleanSlot.wrap(slot);
    }

    function tload(BooleanSlot slot) internal view returns (bool value) {
        assembly ("memory-safe") {
            value := tload(slot)
        }
    }

    function tstore(BooleanSlot slot, bool value) internal {
        assembly ("memory-safe") {
            tstore(slot, value)
        }
    }
}

abstract contract ReentrancyGuardTransient {
    using TransientSlot for *;

    bytes32 private constant REENTRANCY_GUARD_STORAGE =
        0x9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f00;

    error ReentrancyGuardReentrantCall();

    modifier nonReentrant() {
        if (REENTRANCY_GUARD_STORAGE.asBoolean().tload()) {
            revert ReentrancyGuardReentrantCall();
        }
        REENTRANCY_GUARD_STORAGE.asBoolean().tstore(true);
        _;
        REENTRANCY_GUARD_STORAGE.asBoolean().tstore(false);
    }
}

/// @notice A transient state variable (0.8.28) and a custom storage
/// layout (0.8.29).
contract Counter layout at 0x1234 {
    bool transient entered;
    uint256 public count;

    function bump() external {
        require(!entered, ReentrancyGuardTransient.ReentrancyGuardReentrantCall());
        entered = true;
        count++;
        entered = false;
    }
}
