pragma solidity ^0.8.0;

interface I111 {
    function f(uint256) external;
    function v() external view returns (uint256);
}

// A call into a contract whose address the caller supplies, then a write
// of state read before it: the callee runs the caller's code and sees the
// stale value.
contract C111 {
    mapping(address => uint256) q1;

    function f1(I111 t, uint256 x) external {
        require(q1[msg.sender] >= x, "low");
        // ruleid: SOL-REENTRANCY
        t.f(x);
        q1[msg.sender] -= x;
    }

    function f2(address t, uint256 x) external {
        uint256 b = q1[msg.sender];
        // ruleid: SOL-REENTRANCY
        I111(t).f(x);
        q1[msg.sender] = b + x;
    }
}
