pragma solidity ^0.8.19;

// An internal helper delegates whatever it is given, but every call site
// gives it what the contract stored at deployment: the caller shapes
// neither the target nor the calldata.
contract C226 {
    address internal immutable m26;
    bytes internal d26;

    constructor(address m, bytes memory d) {
        m26 = m;
        d26 = d;
    }

    function f1() external {
        h26(m26, d26);
    }

    function h26(address t, bytes memory d) internal {
        // ok: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = t.delegatecall(d);
        require(ok);
    }
}
