pragma solidity ^0.8.0;

// The delegatecall targets are read from state that only the deployer's
// account may set, or that a one-shot set-up fills (its test reads the
// target through a getter). Names are opaque.
contract C98 {
    address private q0;
    address private q1;
    address private q3;

    constructor() {
        q0 = msg.sender;
    }

    function h3() internal view returns (address) {
        return q3;
    }

    function f0(address a) external {
        require(h3() == address(0), "set");
        q3 = a;
    }

    function f1(address a) external {
        require(msg.sender == q0, "deployer");
        q1 = a;
    }

    function f2() external {
        address t = q1;
        address u = q3;
        assembly {
            // ok: SOL-CONTROLLED-DELEGATECALL
            let ok := delegatecall(gas(), t, 0, 0, 0, 0)
            // ok: SOL-CONTROLLED-DELEGATECALL
            let ok2 := delegatecall(gas(), u, 0, 0, 0, 0)
            if iszero(and(ok, ok2)) { revert(0, 0) }
        }
    }
}
