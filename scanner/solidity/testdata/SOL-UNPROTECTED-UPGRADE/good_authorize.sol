pragma solidity ^0.8.0;

abstract contract UUPS {
    function _authorizeUpgrade(address next) internal virtual;

    function _upgradeTo(address next) internal {}

    // ok: SOL-UNPROTECTED-UPGRADE
    function upgradeTo(address next) public virtual {
        _authorizeUpgrade(next);
        _upgradeTo(next);
    }
}
