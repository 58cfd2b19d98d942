pragma solidity ^0.4.24;

// Fees taken out of the ether sent after checking it covers them, or a
// part of the ether sent taken from it (a commission, the excess over a
// price): neither can go below zero.
contract C66 {
    mapping(address => uint256) q1;
    uint256 q2 = 10 szabo;
    uint256 q3 = 1 ether;

    function f1() external payable {
        require(msg.value >= q2);
        // ok: SOL-INTEGER-OVERFLOW
        q1[msg.sender] += msg.value - q2;
    }

    function f2() external payable {
        uint256 v = msg.value;
        if (v > q3) {
            // ok: SOL-INTEGER-OVERFLOW
            uint256 e = v - q3;
            msg.sender.transfer(e);
            // ok: SOL-INTEGER-OVERFLOW
            v = v - e;
        }
        uint256 c = v / 100;
        // ok: SOL-INTEGER-OVERFLOW
        q1[msg.sender] += v - c;
    }

    function h1(uint256 a) internal {
        require(a >= q2);
        // ok: SOL-INTEGER-OVERFLOW
        q1[msg.sender] += a - q2;
    }

    function() external payable {
        h1(msg.value);
    }
}
