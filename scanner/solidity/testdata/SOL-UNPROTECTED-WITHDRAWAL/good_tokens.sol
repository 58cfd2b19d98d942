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

// The surplus over the accounted reserve belongs to nobody: anyone may
// skim it (an AMM pair's design).
contract C152 {
    I151 q1;
    uint256 q2;

    function f1(address t) external {
        // ok: SOL-UNPROTECTED-WITHDRAWAL
        require(q1.transfer(t, I152(address(q1)).balanceOf(address(this)) - q2), "t");
    }
}

interface I152 {
    function balanceOf(address) external view returns (uint256);
}
