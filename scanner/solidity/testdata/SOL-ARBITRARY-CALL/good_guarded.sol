pragma solidity ^0.8.0;

// The caller is checked against state, in the body or in a modifier.
contract C4 {
    address q1;
    mapping(address => bool) q2;

    constructor() {
        q1 = msg.sender;
    }

    modifier m1() {
        require(q2[msg.sender], "no");
        _;
    }

    function f1(address t, bytes calldata d) external {
        require(msg.sender == q1);
        // ok: SOL-ARBITRARY-CALL
        (bool ok, ) = t.call(d);
        require(ok);
    }

    function f2(address t, bytes calldata d) external m1 {
        // ok: SOL-ARBITRARY-CALL
        (bool ok, ) = t.call(d);
        require(ok);
    }
}
