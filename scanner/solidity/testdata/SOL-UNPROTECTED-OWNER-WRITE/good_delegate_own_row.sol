// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Token approvals in solmate's shape: the caller approves an operator on
// its own row (checks look the caller up in the other key), approves a
// spender for a token it owns (checked through a local read from state),
// and moves a token whose owner a guard equates with a parameter.
contract C160 {
    mapping(uint256 => address) q1;
    mapping(uint256 => address) q2;
    mapping(address => mapping(address => bool)) q3;
    mapping(address => uint256) q4;

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f1(address op, bool on) public {
        q3[msg.sender][op] = on;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f2(address sp, uint256 id) public {
        address o = q1[id];
        require(msg.sender == o || q3[o][msg.sender], "auth");
        q2[id] = sp;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f3(address from, address to, uint256 id) public {
        require(from == q1[id], "from");
        require(msg.sender == from || q3[from][msg.sender] || msg.sender == q2[id], "auth");
        q4[from]--;
        q4[to]++;
        q1[id] = to;
        delete q2[id];
    }
}
