pragma solidity ^0.8.0;

// A module the contract looks up, but run with calldata the caller
// writes, or a selector the caller picks: the caller chooses what code
// runs in this contract's storage. Names are opaque.
contract C98 {
    address private q1;

    function f1(bytes calldata d) external {
        // ruleid: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = q1.delegatecall(d);
        require(ok);
    }

    function f2(bytes4 s, uint256 v) external {
        // ruleid: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = q1.delegatecall(abi.encodeWithSelector(s, v));
        require(ok);
    }
}
