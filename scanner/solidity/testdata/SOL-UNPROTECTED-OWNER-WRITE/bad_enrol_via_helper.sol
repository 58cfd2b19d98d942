pragma solidity ^0.4.24;

// The guard asks a helper whether the caller is in a table; the table is
// only ever compared with the helper's parameter, never with msg.sender
// in a condition of its own. A public function with no guard writes the
// caller into that table, directly or through a public function it calls
// by name (which runs with the same msg.sender). Names are opaque.
contract C41 {
    uint q1;
    uint[256] q2;
    mapping(uint => uint) q3;

    modifier m1() {
        if (h1(msg.sender)) _;
    }

    function h1(address a) internal view returns (bool) {
        return q3[uint(a)] > 0;
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function f1(address[] xs) public {
        q1 = xs.length + 1;
        q2[1] = uint(msg.sender);
        q3[uint(msg.sender)] = 1;
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function f2(address[] xs, uint v) public {
        q1 = v;
        f1(xs);
    }

    function g1(address t) external m1 {
        selfdestruct(t);
    }
}

// A role table keyed by role then account, asked through a helper: a
// public function grants the caller a role of its choice.
contract C48 {
    mapping(bytes32 => mapping(address => bool)) q1;

    function h1(bytes32 r, address a) internal view returns (bool) {
        return q1[r][a];
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function f1(bytes32 r) external {
        q1[r][msg.sender] = true;
    }

    function g1(address payable t) external {
        require(h1(bytes32(0), msg.sender));
        selfdestruct(t);
    }
}
