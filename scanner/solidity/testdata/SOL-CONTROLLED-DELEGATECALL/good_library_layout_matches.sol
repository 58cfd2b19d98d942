pragma solidity ^0.8.0;

// Libraries called by delegatecall with a fixed selector whose writes land
// on slots that hold the same variables in the caller (the layout is
// shared by declaring the library's state first), or on none holding the
// target: the target cannot be replaced this way. A target kept in an
// immutable lives in code, not in a slot.
contract L3 {
    address p0;
    uint256 p1;

    function g1(uint256 v) public {
        p1 = v;
    }
}

contract C73 {
    address q1;
    uint256 q2;
    address immutable q3;

    constructor(address a, address b) {
        q1 = a;
        q3 = b;
    }

    function f1(uint256 v) public {
        // ok: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = q1.delegatecall(abi.encodeWithSignature("g1(uint256)", v));
        require(ok);
    }

    function f2(uint256 v) public {
        // ok: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = q3.delegatecall(abi.encodeWithSignature("g1(uint256)", v));
        require(ok);
    }
}
