pragma solidity ^0.8.0;

interface I151 {
    function transfer(address, uint256) external returns (bool);
}

// Token payments owed to the caller (its balance, debited), allowed by
// the owner, or of a fixed amount to a fixed account.
contract C151 {
    I151 q1;
    address q2;
    address q3;
    mapping(address => uint256) q4;

    function f1(uint256 x) external {
        q4[msg.sender] -= x;
        // ok: SOL-UNPROTECTED-WITHDRAWAL
        require(q1.transfer(msg.sender, x), "t");
    }

    function f2(address t, uint256 x) external {
        require(msg.sender == q2, "owner");
        // ok: SOL-UNPROTECTED-WITHDRAWAL
        require(q1.transfer(t, x), "t");
    }

    function f3() external {
        // ok: SOL-UNPROTECTED-WITHDRAWAL
        require(q1.transfer(q3, 10), "t");
    }
}
