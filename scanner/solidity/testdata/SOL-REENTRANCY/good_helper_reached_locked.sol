pragma solidity ^0.8.0;

// The helper pays before it books, but only locked functions call it:
// the lock turns every re-entry away. Names are opaque.
contract C83 {
    uint256 private q0 = 1;
    mapping(address => uint256) q1;
    uint256 q2;

    modifier m83() {
        require(q0 == 1, "locked");
        q0 = 2;
        _;
        q0 = 1;
    }

    function h1(address a, uint256 v) private {
        // ok: SOL-REENTRANCY
        (bool ok, ) = a.call{value: v}("");
        require(ok);
        q2 += v;
    }

    function f1() external m83 {
        uint256 v = q1[msg.sender];
        q1[msg.sender] = 0;
        h1(msg.sender, v);
    }

    function f2(address a) external m83 {
        uint256 v = q1[msg.sender];
        q1[msg.sender] = 0;
        h1(a, v);
    }

    function f3() external payable {
        q1[msg.sender] += msg.value;
    }
}
