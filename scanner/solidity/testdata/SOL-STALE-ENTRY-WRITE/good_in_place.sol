pragma solidity ^0.8.0;

// Entries updated in place, keys required to differ, or one copy only.
contract C102 {
    mapping(address => uint256) q1;

    function f1(address a, address b, uint256 x) external {
        require(a == msg.sender, "no");
        q1[a] -= x;
        // ok: SOL-STALE-ENTRY-WRITE
        q1[b] += x;
    }

    function f2(address b, uint256 x) external {
        require(b != msg.sender, "self");
        uint256 p = q1[msg.sender];
        uint256 r = q1[b];
        q1[msg.sender] = p - x;
        // ok: SOL-STALE-ENTRY-WRITE
        q1[b] = r + x;
    }

    function f3(address b, uint256 x) external {
        if (b == msg.sender) revert("self");
        uint256 p = q1[msg.sender];
        uint256 r = q1[b];
        q1[msg.sender] = p - x;
        // ok: SOL-STALE-ENTRY-WRITE
        q1[b] = r + x;
    }

    function f4(address b, uint256 x) external {
        uint256 p = q1[msg.sender];
        q1[msg.sender] = p - x;
        // ok: SOL-STALE-ENTRY-WRITE
        q1[b] = q1[b] + x;
    }
}
