pragma solidity ^0.8.0;

// The delegatecall target is read from state, but any caller may set it:
// the caller picks the code that runs in this contract's storage, here
// through assembly. Names are opaque.
contract C97 {
    address private q1;
    uint256 private q2;

    function f1(address a) external {
        q1 = a;
    }

    function f2() external {
        address t = q1;
        assembly {
            // ruleid: SOL-CONTROLLED-DELEGATECALL
            let ok := delegatecall(gas(), t, 0, 0, 0, 0)
            if iszero(ok) { revert(0, 0) }
        }
        q2 += 1;
    }
}
