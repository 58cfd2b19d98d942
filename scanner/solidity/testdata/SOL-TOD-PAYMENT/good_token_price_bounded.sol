pragma solidity ^0.8.0;

interface I1 {
    function transferFrom(address, address, uint256) external returns (bool);
}

// The buyer names the most it will pay: a price raised while the purchase
// is pending makes it fail instead of charging more. A fixed price, or
// one the buyer passes, cannot change under them either.
contract C81 {
    address q1;
    uint256 q2;
    uint256 immutable q5;
    I1 q3;
    mapping(address => uint256) q4;

    constructor(I1 t, uint256 p) {
        q1 = msg.sender;
        q3 = t;
        q2 = p;
        q5 = p;
    }

    function f1(uint256 p) external {
        require(msg.sender == q1);
        q2 = p;
    }

    function f2(uint256 most) external {
        require(q2 <= most, "price");
        // ok: SOL-TOD-PAYMENT
        require(q3.transferFrom(msg.sender, q1, q2));
        q4[msg.sender] += 1;
    }

    function f3() external {
        // ok: SOL-TOD-PAYMENT
        require(q3.transferFrom(msg.sender, q1, q5));
        q4[msg.sender] += 1;
    }
}
