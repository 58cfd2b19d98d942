pragma solidity ^0.8.0;

interface I156 {
    function transferFrom(address, address, uint256) external returns (bool);
    function transfer(address, uint256) external returns (bool);
}

// Debits of another account the caller pays for: a debt repaid on its
// behalf, a listing bought from a seller.
contract C156 {
    I156 q1;
    mapping(address => uint256) q2;
    mapping(address => uint256) q3;
    mapping(address => uint256) q4;
    uint256 q5;

    function f1(uint256 v) external {
        require(q1.transferFrom(msg.sender, address(this), v), "in");
        q4[msg.sender] += v;
        q2[msg.sender] += v;
    }

    function f2(address k, uint256 v) external {
        require(q1.transferFrom(msg.sender, address(this), v), "in");
        // ok: SOL-UNAUTHORIZED-DEBIT
        q2[k] -= v;
        q5 -= v;
    }

    function f3(uint256 n) external {
        q3[msg.sender] += n;
    }

    function f4(address payable k, uint256 n) external payable {
        require(msg.value == n * 1e15, "price");
        // ok: SOL-UNAUTHORIZED-DEBIT
        q3[k] -= n;
        q4[msg.sender] += n;
    }
}
