pragma solidity ^0.4.24;

// The check bounds one account's entry, the subtraction debits another:
// the caller's entry underflows whenever the checked account is richer.
contract K701 {
    mapping(address => uint256) q1;
    mapping(address => mapping(address => uint256)) q2;

    function f1(address a, address b, uint256 x) public {
        require(q1[a] >= x);
        require(q2[a][msg.sender] >= x);
        q2[a][msg.sender] -= x;
        // ruleid: SOL-INTEGER-OVERFLOW
        q1[msg.sender] -= x;
        // ruleid: SOL-INTEGER-OVERFLOW
        q1[b] = q1[b] + x;
    }

    function f2(address a, uint256 x) public {
        if (x > q1[a]) revert();
        // ruleid: SOL-INTEGER-OVERFLOW
        q1[msg.sender] = q1[msg.sender] - x;
    }
}
