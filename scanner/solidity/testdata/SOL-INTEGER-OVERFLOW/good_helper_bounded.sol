// SPDX-License-Identifier: MIT
pragma solidity ^0.7.6;

// Helpers whose arithmetic is bounded on every path that reaches them:
// the caller checks the very entry the helper debits, or the helper
// checks the sum after the fact (inline SafeMath).
contract Points {
    mapping(address => uint256) public held;
    uint256 public total;

    function _shift(address to, uint256 v) internal {
        // ok: SOL-INTEGER-OVERFLOW
        held[msg.sender] -= v;
        // ok: SOL-INTEGER-OVERFLOW
        held[to] += v;
    }

    function move(address to, uint256 v) external {
        require(held[msg.sender] >= v, "low");
        require(held[to] + v >= held[to], "wrap");
        _shift(to, v);
    }

    function _add(uint256 a, uint256 b) internal pure returns (uint256) {
        // ok: SOL-INTEGER-OVERFLOW
        uint256 c = a + b;
        require(c >= a, "wrap");
        return c;
    }

    function mint(uint256 v) external {
        total = _add(total, v);
        held[msg.sender] = _add(held[msg.sender], v);
    }
}
