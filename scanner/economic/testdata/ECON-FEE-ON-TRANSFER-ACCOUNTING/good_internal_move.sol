pragma solidity ^0.8.20;

interface I170 {
    function transferFrom(address, address, uint256) external returns (bool);
}

// The repayment is pulled; the credit is collateral moved from another
// entry of the same books, not the pulled tokens.
contract C170 {
    I170 q1;
    mapping(address => uint256) q2;
    mapping(address => uint256) q3;

    function f1(address b, uint256 x) external {
        require(b != msg.sender, "self");
        require(q1.transferFrom(msg.sender, address(this), x), "in");
        uint256 s = x * 108 / 100;
        q2[b] -= s;
        // ok: ECON-FEE-ON-TRANSFER-ACCOUNTING
        q2[msg.sender] += s;
        q3[b] -= x;
    }
}
