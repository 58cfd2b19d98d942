pragma solidity ^0.4.24;

contract Points {
    mapping(address => uint256) points;

    function spend(uint256 cost) public {
        // ruleid: SOL-INVERTED-BALANCE-CHECK
        assert(points[msg.sender] <= cost);
        points[msg.sender] -= cost;
    }
}
