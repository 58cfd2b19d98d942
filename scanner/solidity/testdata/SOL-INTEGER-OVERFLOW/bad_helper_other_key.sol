pragma solidity ^0.7.6;

// Both entry points hand the amount to one helper that debits the
// caller. move() checks the caller's balance first; moveFrom() checks the
// owner's, so the helper's subtraction from the caller underflows.
contract Points {
    mapping(address => uint256) public held;
    mapping(address => mapping(address => uint256)) public allowed;

    function _shift(address to, uint256 v) internal {
        // ruleid: SOL-INTEGER-OVERFLOW
        held[msg.sender] -= v;
        held[to] += v;
    }

    function move(address to, uint256 v) external {
        require(held[msg.sender] >= v, "low");
        require(held[to] + v >= held[to], "wrap");
        _shift(to, v);
    }

    function moveFrom(address from, address to, uint256 v) external {
        require(held[from] >= v, "low");
        require(held[to] + v >= held[to], "wrap");
        require(allowed[from][msg.sender] >= v, "allowance");
        allowed[from][msg.sender] -= v;
        _shift(to, v);
    }
}
