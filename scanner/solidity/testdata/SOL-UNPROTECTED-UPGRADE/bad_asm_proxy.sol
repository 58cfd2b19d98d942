pragma solidity ^0.8.0;

// Opaque names: q1 is the implementation because the fallback delegates
// to it in assembly; the modifier on f1 checks nothing.
contract C12 {
    address q1;
    address q2 = msg.sender;

    modifier m1() {
        _;
    }

    // ruleid: SOL-UNPROTECTED-UPGRADE
    function f1(address n) external m1 {
        f2(n);
    }

    function f2(address n) internal {
        q1 = n;
    }

    fallback() external payable {
        address t = q1;
        assembly {
            calldatacopy(0, 0, calldatasize())
            let r := delegatecall(gas(), t, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch r
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }
}
