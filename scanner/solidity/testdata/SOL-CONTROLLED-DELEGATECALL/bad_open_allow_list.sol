pragma solidity ^0.8.19;

// An allow-list anyone can add to restricts nobody.
contract C231 {
    mapping(address => bool) internal m31;

    modifier listed(address a) {
        require(m31[a], "not a module");
        _;
    }

    function allow(address a) external {
        m31[a] = true;
    }

    function f1(address mod, bytes calldata d) external listed(mod) {
        // ruleid: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = mod.delegatecall(d);
        require(ok);
    }
}
