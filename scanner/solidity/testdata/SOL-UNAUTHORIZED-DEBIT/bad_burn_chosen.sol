pragma solidity ^0.4.24;

// Anyone burns any account's balance, in place or through a helper.
contract C150 {
    mapping(address => uint256) q1;
    uint256 q2;

    function g1(address a, uint256 v) internal {
        q1[a] -= v;
        q2 -= v;
    }

    function g2(address a, uint256 v) internal {
        g1(a, v);
    }

    function f1(address k, uint256 v) public {
        require(q1[k] >= v);
        // ruleid: SOL-UNAUTHORIZED-DEBIT
        q1[k] = q1[k] - v;
        q2 -= v;
    }

    function f2(address k, uint256 v) public {
        // ruleid: SOL-UNAUTHORIZED-DEBIT
        g1(k, v);
    }

    function f3(address k, uint256 v) public {
        address b = k;
        // ruleid: SOL-UNAUTHORIZED-DEBIT
        g2(b, v);
    }

    function f4(uint256 v) public {
        // ok: SOL-UNAUTHORIZED-DEBIT
        g1(msg.sender, v);
    }
}
