pragma solidity ^0.6.12;

interface I1 {
    function balanceOf(address a) external view returns (uint256);
}

// Somebody else's balance, or the books, not the contract's own.
contract C5 {
    I1 q1;
    mapping(address => uint256) q2;

    function f1(address a, uint256 v) external view returns (bool) {
        // ok: SOL-BALANCE-STRICT-EQUALITY
        require(q1.balanceOf(msg.sender) == v);
        // ok: SOL-BALANCE-STRICT-EQUALITY
        require(a.balance != v);
        // ok: SOL-BALANCE-STRICT-EQUALITY
        return q2[a] == v;
    }
}

// A parameter compared before it is overwritten with the balance.
contract C7 {
    I1 q1;

    function f1(uint256 v) external view returns (uint256) {
        // ok: SOL-BALANCE-STRICT-EQUALITY
        if (v == type(uint256).max) v = q1.balanceOf(address(this));
        return v;
    }
}
