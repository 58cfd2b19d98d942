// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// The target of the assembly delegatecall is whatever the caller passes:
// its code runs with this contract's storage and can rewrite the keeper
// or destroy the balance.
contract Batch {
    address public keeper;

    constructor() {
        keeper = msg.sender;
    }

    function forward(address module, bytes calldata payload) external payable {
        assembly {
            calldatacopy(0, payload.offset, payload.length)
            // ruleid: SOL-CONTROLLED-DELEGATECALL
            let ok := delegatecall(gas(), module, 0, payload.length, 0, 0)
            if iszero(ok) { revert(0, 0) }
        }
    }

    function forwardMemory(address module, bytes memory payload) public returns (bool done) {
        assembly {
            // ruleid: SOL-CONTROLLED-DELEGATECALL
            done := delegatecall(gas(), module, add(payload, 0x20), mload(payload), 0, 0)
        }
    }
}
