pragma solidity ^0.6.12;

interface I1 {
    function balanceOf(address a) external view returns (uint256);
    function transfer(address to, uint256 v) external returns (bool);
}

// A vault whose withdrawals need the token balance to match its books:
// a donation blocks every withdrawal.
contract C3 {
    I1 q1;
    uint256 q2;
    mapping(address => uint256) q3;

    function f1(uint256 v) external {
        // ruleid: SOL-BALANCE-STRICT-EQUALITY
        require(q1.balanceOf(address(this)) == q2, "books");
        q3[msg.sender] -= v;
        q2 -= v;
        q1.transfer(msg.sender, v);
    }

    function f2() external {
        uint256 b = q1.balanceOf(address(this));
        // ruleid: SOL-BALANCE-STRICT-EQUALITY
        while (b != q2) {
            b--;
        }
    }
}
