pragma solidity ^0.7.6;

// A free helper that only logs when its condition fails guards nothing.
event Warn(uint256 code);

function _warn(bool condition, uint256 code) {
    if (!condition) emit Warn(code);
}

contract C267 {
    uint256 public d67;

    function f1(uint256 start, uint256 end) external {
        _warn(start <= end, 100);
        // ruleid: SOL-INTEGER-OVERFLOW
        d67 = end - start;
    }
}
