pragma solidity ^0.4.24;

// The debited entry is the one checked; the supply, which sums every
// entry, is at least any one of them.
contract K702 {
    mapping(address => uint256) q1;
    uint256 s1;

    function f1(address a, uint256 x) public {
        require(q1[a] >= x);
        // ok: SOL-INTEGER-OVERFLOW
        q1[a] -= x;
        // ok: SOL-INTEGER-OVERFLOW
        s1 -= x;
    }

    function f2(uint256 x) public {
        require(x <= q1[msg.sender]);
        // ok: SOL-INTEGER-OVERFLOW
        q1[msg.sender] = q1[msg.sender] - x;
    }
}
