pragma solidity ^0.8.19;

// The zero-address admission beside a condition anyone meets: the check
// restricts nobody.
contract C239 {
    address q1;
    address q2 = msg.sender;

    modifier m1(address n) {
        if (msg.sender == address(0) || n != address(0)) {
            _;
        }
    }

    // ruleid: SOL-UNPROTECTED-UPGRADE
    function f1(address n) external m1(n) {
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
