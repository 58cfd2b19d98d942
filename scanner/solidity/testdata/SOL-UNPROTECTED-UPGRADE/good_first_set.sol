pragma solidity ^0.8.0;

// A one-shot set-up: the implementation can be written only while it is
// still unset (the deployer initialises in the deployment transaction).
// That is an initialisation, judged by SOL-UNPROTECTED-INITIALIZER, not an
// upgrade anyone can repeat. The second function can be repeated.
contract C14 {
    address q1;

    function h1() internal view returns (address) {
        return q1;
    }

    // ok: SOL-UNPROTECTED-UPGRADE
    function f1(address n) external {
        require(h1() == address(0));
        q1 = n;
    }

    // ruleid: SOL-UNPROTECTED-UPGRADE
    function f2(address n) external {
        require(n != address(0));
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
