pragma solidity ^0.4.24;

// The owners' list lives in a base whose adding function has no guard:
// anyone adds itself, then passes the derived contract's owner check and
// destroys it. Names are opaque.
contract B71 {
    mapping(address => address) public q1;

    constructor() public {
        q1[msg.sender] = msg.sender;
    }

    modifier m71() {
        require(q1[msg.sender] != address(0));
        _;
    }

    function f1(address a) external returns (bool) {
        require(a != address(0));
        q1[a] = msg.sender;
        return true;
    }

    function f3(address a) external m71 {
        delete q1[a];
    }
}

contract C71 is B71 {
    function f2() public m71 {
        // ruleid: SOL-UNPROTECTED-SELFDESTRUCT
        selfdestruct(msg.sender);
    }
}
