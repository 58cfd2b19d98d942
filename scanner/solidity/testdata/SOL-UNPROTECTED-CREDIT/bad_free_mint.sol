pragma solidity ^0.8.0;

// Anyone credits any amount to any account, or to itself.
contract C140 {
    mapping(address => uint256) q1;
    mapping(address => uint256) q2;
    uint256 q3;

    function f1(address t, uint256 x) external {
        // ruleid: SOL-UNPROTECTED-CREDIT
        q1[t] += x;
        q3 += x;
    }

    function f2(uint256 x) public {
        uint256 y = x * 2;
        // ruleid: SOL-UNPROTECTED-CREDIT
        q2[msg.sender] = q2[msg.sender] + y;
    }

    function f3(uint256 x) external {
        require(q2[msg.sender] >= x, "low");
        payable(msg.sender).transfer(x);
    }
}
