pragma solidity ^0.4.24;

// A fee taken out of the ether sent, without checking that enough was
// sent: less than the fee wraps to a huge credit. Directly, and in a
// helper the payable entry hands msg.value to.
contract C65 {
    mapping(address => uint256) q1;
    uint256 q2 = 10 szabo;

    function f1() external payable {
        // ruleid: SOL-INTEGER-OVERFLOW
        uint256 v = msg.value - q2;
        q1[msg.sender] += v;
    }

    function h1(uint256 a) internal {
        require(a > 0);
        // ruleid: SOL-INTEGER-OVERFLOW
        q1[msg.sender] += a - q2;
    }

    function() external payable {
        h1(msg.value);
    }
}
