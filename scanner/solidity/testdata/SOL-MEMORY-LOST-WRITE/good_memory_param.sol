pragma solidity ^0.8.19;

// Helpers that take storage by reference, or hand their copy back, or
// only read it.
contract C251 {
    struct P51 {
        uint256 a;
        uint256 b;
    }

    uint256[3] internal x51;
    mapping(address => P51) internal p51;

    function bumpRef(uint256[3] storage v) internal {
        v[0] += 1;
    }

    function settled(P51 memory p, uint256 n) internal pure returns (P51 memory) {
        p.a = n;
        return p;
    }

    function sum(P51 memory p) internal pure returns (uint256) {
        return p.a + p.b;
    }

    function f1() external {
        // ok: SOL-MEMORY-LOST-WRITE
        bumpRef(x51);
    }

    function f2(uint256 n) external {
        // ok: SOL-MEMORY-LOST-WRITE
        p51[msg.sender] = settled(p51[msg.sender], n);
    }

    function f3() external view returns (uint256) {
        // ok: SOL-MEMORY-LOST-WRITE
        return sum(p51[msg.sender]);
    }
}
