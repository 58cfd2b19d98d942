pragma solidity ^0.8.0;

// The role check sits in a helper that checks its account parameter
// against the role table (AccessControl's _checkRole(role, account)),
// handed the caller by a modifier through another helper.
contract C95 {
    struct S1 {
        mapping(address => bool) q1;
        bytes32 q2;
    }

    mapping(bytes32 => S1) private q3;
    mapping(address => uint256) q4;
    bytes32 public constant K1 = keccak256("K1");

    constructor() {
        q3[0x00].q1[msg.sender] = true;
    }

    modifier m1(bytes32 r) {
        h1(r);
        _;
    }

    function g1(bytes32 r, address a) public view returns (bool) {
        return q3[r].q1[a];
    }

    function h1(bytes32 r) internal view {
        h2(r, msg.sender);
    }

    function h2(bytes32 r, address a) internal view {
        if (!g1(r, a)) {
            revert("role");
        }
    }

    function f1(bytes32 r, address a) external m1(q3[r].q2) {
        q3[r].q1[a] = true;
    }

    function f2(address to, uint256 v) external m1(K1) {
        // ok: SOL-UNPROTECTED-CREDIT
        q4[to] += v;
    }
}
