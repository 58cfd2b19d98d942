pragma solidity ^0.8.0;

// A lock recognised by what it does, under an opaque name: it checks a
// flag, sets it before "_" and clears it after.
contract C4 {
    mapping(address => uint256) q1;
    uint256 q2 = 1;

    modifier m1() {
        require(q2 == 1);
        q2 = 2;
        _;
        q2 = 1;
    }

    function f1() external m1 {
        // ok: SOL-REENTRANCY
        (bool ok, ) = msg.sender.call{value: q1[msg.sender]}("");
        require(ok);
        q1[msg.sender] = 0;
    }
}
