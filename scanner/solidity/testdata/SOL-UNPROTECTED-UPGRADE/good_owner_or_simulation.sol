pragma solidity ^0.8.19;

// The owner (or an eth_call from the zero address, which no transaction
// has) runs the proxy's own functions; everyone else is forwarded to the
// implementation.
contract C237 {
    address q1;
    address q2 = msg.sender;

    modifier m1() {
        if (msg.sender == q2 || msg.sender == address(0)) {
            _;
        } else {
            f3();
        }
    }

    // ok: SOL-UNPROTECTED-UPGRADE
    function f1(address n) external m1 {
        f2(n);
    }

    function f2(address n) internal {
        q1 = n;
    }

    function f3() internal {
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

    fallback() external payable {
        f3();
    }
}
