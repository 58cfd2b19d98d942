pragma solidity ^0.8.0;

// Operators looked up by a helper guard at the second level
// (q1[holder][operator]); the caller approves or revokes operators of its
// own row: it delegates what it holds and gains nothing. Names are opaque.
contract C47 {
    mapping(address => mapping(address => bool)) q1;
    mapping(address => uint256) q2;

    function h1(address op, address holder) internal view returns (bool) {
        return op == holder || q1[holder][op];
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f1(address op) external {
        require(op != msg.sender);
        q1[msg.sender][op] = true;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f2(address op) external {
        delete q1[msg.sender][op];
    }

    function f3(address holder, address to, uint256 v) external {
        require(h1(msg.sender, holder));
        q2[holder] -= v;
        q2[to] += v;
    }
}
