pragma solidity ^0.8.19;

// Modules the owner allow-lists: the caller picks one of them, not the
// code that runs.
contract C230 {
    address internal o30;
    mapping(address => bool) internal m30;

    constructor() {
        o30 = msg.sender;
    }

    modifier listed(address a) {
        require(m30[a], "not a module");
        _;
    }

    function allow(address a, bool on) external {
        require(msg.sender == o30);
        m30[a] = on;
    }

    function f1(address mod, bytes calldata d) external listed(mod) {
        // ok: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = mod.delegatecall(d);
        require(ok);
    }

    function f2(address mod, bytes calldata d) external {
        if (!m30[mod]) revert();
        // ok: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = mod.delegatecall(d);
        require(ok);
    }
}
