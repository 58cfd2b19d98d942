// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Pools known only by what their getters return: a pair's reserves
// (uint112, uint112, uint32) and a concentrated-liquidity pool's slot0
// (uint160 sqrt price, int24 tick, ...), under names of their own.
interface I1 {
    function g1() external view returns (uint112 a, uint112 b, uint32 c);
}

interface I2 {
    function g2() external view returns (uint160 a, int24 b, uint16 c, uint16 d, uint16 e, uint8 f, bool g);
}

interface I3 {
    function transfer(address to, uint256 amount) external returns (bool);
}

contract C85 {
    I1 public immutable q1;
    I2 public immutable q2;
    I3 public immutable q3;
    mapping(address => uint256) public q4;
    mapping(address => uint256) public q5;

    constructor(I1 a, I2 b, I3 c) {
        q1 = a;
        q2 = b;
        q3 = c;
    }

    function g3() public view returns (uint256) {
        // ruleid: ECON-SPOT-PRICE-ORACLE
        (uint112 r0, uint112 r1, ) = q1.g1();
        return (uint256(r1) * 1e18) / uint256(r0);
    }

    function g4() public view returns (uint256) {
        // ruleid: ECON-SPOT-PRICE-ORACLE
        (uint160 p, , , , , , ) = q2.g2();
        return (uint256(p) * uint256(p)) >> 192;
    }

    function f1(uint256 a) external {
        uint256 v = (q4[msg.sender] * (g3() + g4())) / 1e18;
        require(v * 2 >= (q5[msg.sender] + a) * 3, "undercollateralised");
        q5[msg.sender] += a;
        require(q3.transfer(msg.sender, a), "transfer");
    }
}
