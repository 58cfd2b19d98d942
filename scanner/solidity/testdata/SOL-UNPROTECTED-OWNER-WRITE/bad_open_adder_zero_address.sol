pragma solidity ^0.8.0;

// Membership is tested against the zero address, as 0.5 and later
// require; the adding function has no guard, so anyone makes itself a
// member. Names are opaque.
contract C93 {
    mapping(address => address) public q1;
    uint256 public q2;

    constructor() {
        q1[msg.sender] = msg.sender;
    }

    modifier m93() {
        require(q1[msg.sender] != address(0), "not a member");
        _;
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function f1(address a) external {
        require(a != address(0));
        q1[a] = msg.sender;
    }

    function f2(uint256 v) external m93 {
        q2 = v;
    }
}
