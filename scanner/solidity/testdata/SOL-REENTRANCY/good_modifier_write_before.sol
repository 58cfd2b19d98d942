pragma solidity ^0.8.0;

// The modifier debits before "_": nothing is written after the call.
contract C28 {
    mapping(address => uint256) q1;
    uint256 q2;

    modifier m1() {
        q2 = q1[msg.sender];
        q1[msg.sender] = 0;
        _;
    }

    function f1() external m1 {
        // ok: SOL-REENTRANCY
        (bool ok, ) = msg.sender.call{value: q2}("");
        require(ok);
    }
}
