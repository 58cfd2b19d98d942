pragma solidity ^0.8.0;

interface I82 {
    function h82() external;
}

// The contracts called are held in state that only the deployer's
// account may replace, or that a one-shot initialiser sets: the caller
// cannot install its own. Names are opaque.
contract C82 {
    address q0;
    I82 q1;
    I82 q3;
    bool q4;
    mapping(address => uint256) q2;

    constructor() {
        q0 = msg.sender;
    }

    function f0(address t) external {
        require(!q4);
        q4 = true;
        q3 = I82(t);
    }

    function f1() external {
        uint256 a = q2[msg.sender];
        // ok: SOL-REENTRANCY
        q1.h82();
        // ok: SOL-REENTRANCY
        q3.h82();
        q2[msg.sender] = 0;
        payable(msg.sender).transfer(a);
    }

    function f2(address t) external {
        require(msg.sender == q0);
        q1 = I82(t);
    }

    function f3() external payable {
        q2[msg.sender] += msg.value;
    }
}
