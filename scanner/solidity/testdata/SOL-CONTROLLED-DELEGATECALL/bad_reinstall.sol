pragma solidity ^0.8.0;

// Installs and delegates to a caller-chosen target without the one-shot
// check (or with a check that does not stop a second call): anyone runs
// code in this contract's storage, there and in the fallback delegating
// to what they installed. Names are opaque.
contract C96 {
    address private q1;
    bool private q2;

    function f1(address a, bytes memory d) public {
        q1 = a;
        // ruleid: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = a.delegatecall(d);
        require(ok);
    }

    function f2(address a, bytes memory d) public {
        require(q1 != address(0));
        q1 = a;
        // ruleid: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = a.delegatecall(d);
        require(ok);
    }

    fallback() external payable {
        address t = q1;
        assembly {
            calldatacopy(0, 0, calldatasize())
            // ruleid: SOL-CONTROLLED-DELEGATECALL
            let r := delegatecall(gas(), t, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch r
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }
}
