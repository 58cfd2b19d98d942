pragma solidity ^0.8.0;

import "./B9.sol";

// Behind a modifier the scan cannot see: an implementation whose
// constructor calls a base function the scan cannot see either (it may
// disable the initialiser, as _disableInitializers does); a contract
// that can neither destroy nor replace its code; a function that sets
// the upgrader to an address it is given, not to its caller.
contract C88 is B9 {
    address q1;

    constructor() {
        h9();
    }

    // ok: SOL-UNPROTECTED-INITIALIZER
    function f1() external m9 {
        q1 = msg.sender;
    }

    function f2(address n, bytes memory d) external {
        require(msg.sender == q1, "upgrader");
        (bool ok, ) = n.delegatecall(d);
        require(ok);
    }
}

contract C89 is B9 {
    address q1;
    uint256 q2;

    // ok: SOL-UNPROTECTED-INITIALIZER
    function f1() external m9 {
        q1 = msg.sender;
    }

    function f2(uint256 v) external {
        require(msg.sender == q1, "owner");
        q2 = v;
    }
}

contract C90 is B9 {
    address q1;

    // ok: SOL-UNPROTECTED-INITIALIZER
    function f1(address a) external m9 {
        q1 = a;
    }

    function f2(address n, bytes memory d) external {
        require(msg.sender == q1, "upgrader");
        (bool ok, ) = n.delegatecall(d);
        require(ok);
    }
}
