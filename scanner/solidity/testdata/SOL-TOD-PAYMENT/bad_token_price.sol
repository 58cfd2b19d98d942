pragma solidity ^0.8.0;

interface I1 {
    function transferFrom(address, address, uint256) external returns (bool);
}

// Buyers pay in tokens a price the owner may change at any moment: seeing
// a purchase pending, the owner raises the price first and the buyer's
// allowance pays the new one.
contract C80 {
    address q1;
    uint256 q2;
    I1 q3;
    mapping(address => uint256) q4;

    constructor(I1 t, uint256 p) {
        q1 = msg.sender;
        q3 = t;
        q2 = p;
    }

    function f1(uint256 p) external {
        require(msg.sender == q1);
        q2 = p;
    }

    function f2() external {
        // ruleid: SOL-TOD-PAYMENT
        require(q3.transferFrom(msg.sender, q1, q2));
        q4[msg.sender] += 1;
    }
}
