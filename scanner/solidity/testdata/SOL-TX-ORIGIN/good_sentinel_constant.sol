pragma solidity ^0.8.19;

// A fixed sentinel origin used by gas estimation, named by a library
// constant or a constant of the contract: like the literal address, it
// authorises nobody.
library K63 {
    address internal constant ESTIMATOR = address(1);
}

contract C263 {
    address internal constant SIM = address(0x1111111111111111111111111111111111111111);
    uint256 internal n63;

    error Estimation();

    function f1(address t, bytes calldata d) external {
        (bool ok, ) = t.call(d);
        // ok: SOL-TX-ORIGIN
        if (!ok && tx.origin == K63.ESTIMATOR) {
            revert Estimation();
        }
        n63++;
    }

    function f2() external view returns (bool) {
        // ok: SOL-TX-ORIGIN
        return tx.origin == SIM;
    }
}
