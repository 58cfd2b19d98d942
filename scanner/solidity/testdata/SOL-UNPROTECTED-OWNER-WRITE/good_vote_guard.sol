pragma solidity ^0.4.24;

// Writes to a table a helper guard looks callers up in, that never put
// the caller in: a member leaves (its own entry cleared), and a vote
// guard the layer cannot follow (an internal tally returning true)
// protects adding and replacing members by parameter. Names are opaque.
contract C42 {
    mapping(uint => uint) q3;
    mapping(bytes32 => uint) q4;
    uint q5;

    modifier m1() {
        if (h1(msg.sender)) _;
    }

    modifier m2(bytes32 op) {
        if (h2(op)) _;
    }

    function h1(address a) internal view returns (bool) {
        return q3[uint(a)] > 0;
    }

    function h2(bytes32 op) internal returns (bool) {
        if (q3[uint(msg.sender)] == 0) return false;
        q4[op]++;
        return q4[op] >= q5;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f1(address a) external m2(keccak256(msg.data)) {
        q3[uint(a)] = 2;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f2(address a, address b) external m2(keccak256(msg.data)) {
        q3[uint(b)] = q3[uint(a)];
        q3[uint(a)] = 0;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f3() external {
        q3[uint(msg.sender)] = 0;
    }

    function g1(address t) external m1 {
        selfdestruct(t);
    }
}
