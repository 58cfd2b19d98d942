pragma solidity ^0.8.0;

// A helper delegatecalls whatever an unguarded caller hands it.
contract C182 {
    address q1;

    function g1(address t, bytes memory d) internal returns (bytes memory) {
        // ruleid: SOL-CONTROLLED-DELEGATECALL
        (bool ok, bytes memory r) = t.delegatecall(d);
        require(ok, "call");
        return r;
    }

    function f1(address t, bytes calldata d) external returns (bytes memory) {
        return g1(t, d);
    }
}
