pragma solidity ^0.8.0;

contract Vault {
    bytes32 internal constant SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;

    function _setImplementation(address next) internal {
        bytes32 slot = SLOT;
        assembly { sstore(slot, next) }
    }

    // ruleid: SOL-UNPROTECTED-UPGRADE
    function upgradeTo(address next) public {
        _setImplementation(next);
    }
}
