pragma solidity ^0.6.12;

// Moves and burns out of another account that spend or check the
// allowance it gave the caller, or check that it is the caller.
contract C153 {
    mapping(address => uint256) q1;
    mapping(address => mapping(address => uint256)) q2;
    uint256 q3;

    function g1(address a, address s, uint256 v) internal {
        uint256 c = q2[a][s];
        require(c >= v, "allowance");
        q2[a][s] = c - v;
    }

    function g2(address a, address t, uint256 v) internal {
        q1[a] -= v;
        q1[t] += v;
    }

    function g3(address a, uint256 v) internal {
        q1[a] -= v;
        q3 -= v;
    }

    function f1(address k, address t, uint256 v) public returns (bool) {
        q2[k][msg.sender] -= v;
        // ok: SOL-UNAUTHORIZED-DEBIT
        q1[k] -= v;
        q1[t] += v;
        return true;
    }

    function f2(address k, uint256 v) public {
        require(v <= q2[k][msg.sender], "allowance");
        // ok: SOL-UNAUTHORIZED-DEBIT
        q1[k] -= v;
        q3 -= v;
    }

    function f3(address k, address t, uint256 v) public returns (bool) {
        g1(k, msg.sender, v);
        // ok: SOL-UNAUTHORIZED-DEBIT
        g2(k, t, v);
        return true;
    }

    function f4(address k, uint256 v) public {
        require(k == msg.sender, "self");
        // ok: SOL-UNAUTHORIZED-DEBIT
        g3(k, v);
    }

    function f5(address k, address t, uint256 v) public {
        if (k != msg.sender && q2[k][msg.sender] < v) {
            revert("denied");
        }
        // ok: SOL-UNAUTHORIZED-DEBIT
        g2(k, t, v);
    }
}
