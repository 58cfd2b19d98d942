pragma solidity ^0.8.0;

// The constructor seats its caller and only that seat may move it; a
// value the constructor takes from its arguments, and one set to the
// caller outside the constructor, are nobody's seat. Names are opaque.
contract C92 {
    address public q1;
    address public q2;
    address public q3;

    constructor(address a) {
        q1 = msg.sender;
        q2 = a;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f1(address a) external {
        require(msg.sender == q1, "not the deployer");
        q1 = a;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f2(address a) external {
        q2 = a;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f3() external {
        q3 = msg.sender;
    }
}
