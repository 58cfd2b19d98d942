pragma solidity ^0.8.0;

contract C152 {
    address q1;

    constructor() {
        q1 = msg.sender;
    }

    function h1() internal view returns (bool) {
        return q1 == msg.sender;
    }

    modifier m1() {
        require(h1());
        _;
    }

    function f1() external m1 {
        // ok: SOL-UNPROTECTED-SELFDESTRUCT
        selfdestruct(payable(q1));
    }
}
