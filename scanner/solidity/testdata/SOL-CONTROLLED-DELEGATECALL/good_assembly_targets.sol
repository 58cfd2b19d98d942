// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Assembly delegatecalls whose effects cannot be kept by a caller: a
// fallback forwarding to the implementation stored in a slot, a guarded
// one, and a simulation that always reverts with the result.
contract Forwarder {
    bytes32 internal constant IMPL_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;
    address public keeper;

    constructor(address impl) {
        keeper = msg.sender;
        assembly {
            sstore(IMPL_SLOT, impl)
        }
    }

    function upgradeAndRun(address impl, bytes memory data) external {
        require(msg.sender == keeper, "keeper");
        assembly {
            sstore(IMPL_SLOT, impl)
            // ok: SOL-CONTROLLED-DELEGATECALL
            let ok := delegatecall(gas(), impl, add(data, 0x20), mload(data), 0, 0)
            if iszero(ok) { revert(0, 0) }
        }
    }

    function simulate(address target, bytes memory data) external {
        assembly {
            // ok: SOL-CONTROLLED-DELEGATECALL
            let ok := delegatecall(gas(), target, add(data, 0x20), mload(data), 0, 0)
            mstore(0x00, ok)
            revert(0, 0x20)
        }
    }

    fallback() external payable {
        assembly {
            let impl := sload(IMPL_SLOT)
            calldatacopy(0, 0, calldatasize())
            // ok: SOL-CONTROLLED-DELEGATECALL
            let ok := delegatecall(gas(), impl, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }
}
