pragma solidity ^0.4.24;

// Constructs 0.5 removed, one per line. Names are opaque.
contract C1 {
    // ruleid: SOL-DEPRECATED-CONSTRUCT
    uint q1 = 2 years;
    address q2;

    // ruleid: SOL-DEPRECATED-CONSTRUCT
    function f1(uint a) public constant returns (bytes32) {
        // ruleid: SOL-DEPRECATED-CONSTRUCT
        return sha3(a);
    }

    function f2(uint a) public {
        // ruleid: SOL-DEPRECATED-CONSTRUCT
        if (a == 0) throw;
        // ruleid: SOL-DEPRECATED-CONSTRUCT
        var b = a + 1;
        q1 = b;
    }

    function f3() public view returns (bytes32, uint) {
        // ruleid: SOL-DEPRECATED-CONSTRUCT
        bytes32 h = block.blockhash(block.number - 1);
        // ruleid: SOL-DEPRECATED-CONSTRUCT
        return (h, msg.gas);
    }

    function f4(bytes d) public {
        require(msg.sender == q2);
        // ruleid: SOL-DEPRECATED-CONSTRUCT
        require(q2.callcode(d));
        // ruleid: SOL-DEPRECATED-CONSTRUCT
        suicide(q2);
    }
}
