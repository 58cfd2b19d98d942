pragma solidity ^0.6.12;

// Anyone may seize the collateral of an account whose debt exceeds it:
// the account's own position allows the debit (a balance check alone
// does not: bad_pay_caller.sol).
contract C157 {
    mapping(address => uint256) q1;
    mapping(address => uint256) q2;
    uint256 q3;

    function f1() external payable {
        q1[msg.sender] += msg.value;
    }

    function f2(uint256 v) external {
        q2[msg.sender] += v;
        require(q2[msg.sender] * 150 <= q1[msg.sender] * q3, "low");
        msg.sender.transfer(v);
    }

    function f3(address k, uint256 v) external {
        require(q1[k] * q3 < q2[k] * 150, "solvent");
        // ok: SOL-UNAUTHORIZED-DEBIT
        q1[k] -= v;
        q2[k] -= v / q3;
        msg.sender.transfer(v);
    }
}
