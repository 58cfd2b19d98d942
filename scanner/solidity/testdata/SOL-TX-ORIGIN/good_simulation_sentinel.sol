pragma solidity ^0.8.0;

// Only an off-chain simulation (zero origin, or the simulator's sentinel
// origin) may run this: a condition that also admits a zero origin tells
// a simulation from a transaction and authorises nobody.
contract C218 {
    address internal constant S18 = address(0x1111111111111111111111111111111111111111);
    uint256 internal q18;

    function h18() internal view {
        // ok: SOL-TX-ORIGIN
        if (tx.origin != address(0) && tx.origin != S18) {
            revert();
        }
    }

    function f1() external returns (uint256) {
        h18();
        q18++;
        return q18;
    }

    function f2() external view returns (bool) {
        // ok: SOL-TX-ORIGIN
        return !(tx.origin == address(0) || tx.origin == address(0x1111111111111111111111111111111111111111));
    }
}
