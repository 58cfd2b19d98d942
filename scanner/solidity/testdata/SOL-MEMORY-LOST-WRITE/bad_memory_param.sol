pragma solidity ^0.8.19;

// Stored records handed to a helper that takes a memory copy and writes
// into it: the caller's storage never changes.
contract C250 {
    struct P50 {
        uint256 a;
        uint256 b;
    }

    uint256[3] internal x50;
    mapping(address => P50) internal p50;

    function bump(uint256[3] memory v) internal pure {
        v[0] += 1;
    }

    function settle(P50 memory p, uint256 n) internal pure {
        p.a = n;
        p.b = 0;
    }

    function f1() external {
        // ruleid: SOL-MEMORY-LOST-WRITE
        bump(x50);
    }

    function f2(uint256 n) external {
        // ruleid: SOL-MEMORY-LOST-WRITE
        settle(p50[msg.sender], n);
    }
}
