pragma solidity ^0.8.0;

library L1 {
    function g1(address a) internal view returns (bool) {
        return a.code.length > 0;
    }
}

// The caller's code size, asked through a helper of the contract or a
// library bound to addresses: a contract calling from its constructor
// has none yet and passes. Names are opaque.
contract C41 {
    using L1 for address;
    bool public q1;

    function h1(address a) public view returns (bool) {
        uint256 n;
        assembly {
            n := extcodesize(a)
        }
        return n > 0;
    }

    modifier m1() {
        // ruleid: SOL-EOA-CHECK
        require(!msg.sender.g1());
        _;
    }

    function f1() external {
        // ruleid: SOL-EOA-CHECK
        require(!h1(msg.sender), "x");
        q1 = true;
    }

    function f2() external {
        // ruleid: SOL-EOA-CHECK
        if (L1.g1(msg.sender)) revert();
        q1 = true;
    }

    function f3() external m1 {
        q1 = false;
    }
}
