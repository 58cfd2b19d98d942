pragma solidity ^0.5.0;

library L151 {
    function s1(uint256 a, uint256 b) internal pure returns (uint256) {
        require(b <= a);
        return a - b;
    }

    function a1(uint256 a, uint256 b) internal pure returns (uint256) {
        uint256 c = a + b;
        require(c >= a);
        return c;
    }
}

// An allowance is recorded, but the move out of another account never
// reads or spends it.
contract C151 {
    using L151 for uint256;
    mapping(address => uint256) q1;
    mapping(address => mapping(address => uint256)) q2;

    function f1(address s, uint256 v) public returns (bool) {
        q2[msg.sender][s] = v;
        return true;
    }

    function f2(address k, address t, uint256 v) public returns (bool) {
        // ruleid: SOL-UNAUTHORIZED-DEBIT
        q1[k] = q1[k].s1(v);
        q1[t] = q1[t].a1(v);
        return true;
    }

    function f3(address k, address t, uint256 v) public returns (bool) {
        require(q1[k] >= v);
        // ruleid: SOL-UNAUTHORIZED-DEBIT
        q1[k] -= v;
        q1[t] += v;
        return true;
    }

    function f4(address t, uint256 v) public returns (bool) {
        // ok: SOL-UNAUTHORIZED-DEBIT
        q1[msg.sender] = q1[msg.sender].s1(v);
        q1[t] = q1[t].a1(v);
        return true;
    }
}
