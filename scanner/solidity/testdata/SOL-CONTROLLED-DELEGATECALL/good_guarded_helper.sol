pragma solidity ^0.8.0;

// The helper is reached only through the owner's function.
contract C183 {
    address q1;

    function g1(address t, bytes memory d) internal {
        // ok: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = t.delegatecall(d);
        require(ok, "call");
    }

    function f1(address t, bytes calldata d) external {
        require(msg.sender == q1, "owner");
        g1(t, d);
    }
}
