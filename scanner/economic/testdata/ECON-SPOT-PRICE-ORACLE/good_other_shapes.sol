// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Getters returning three or two values of other types (a position, a
// configuration) are no pool's price, whatever they are called.
interface I4 {
    function g1() external view returns (uint256 a, uint256 b, uint32 c);
    function g2() external view returns (uint128 a, int256 b);
}

interface I5 {
    function transfer(address to, uint256 amount) external returns (bool);
}

contract C86 {
    I4 public immutable q1;
    I5 public immutable q3;
    mapping(address => uint256) public q5;

    constructor(I4 a, I5 c) {
        q1 = a;
        q3 = c;
    }

    function f1(uint256 a) external {
        // ok: ECON-SPOT-PRICE-ORACLE
        (uint256 x, uint256 y, ) = q1.g1();
        // ok: ECON-SPOT-PRICE-ORACLE
        (uint128 z, ) = q1.g2();
        require(a <= (x * y) / 1e18 + z, "limit");
        q5[msg.sender] += a;
        require(q3.transfer(msg.sender, a), "transfer");
    }
}
