pragma solidity ^0.7.6;

// Checks made through free functions that revert unless their condition
// holds (an error-code library): the subtraction is guarded.
function _revert(uint256 code) pure {
    assembly {
        mstore(0x0, code)
        revert(0, 32)
    }
}

function _require(bool condition, uint256 code) pure {
    if (!condition) _revert(code);
}

contract C266 {
    uint256 public d66;
    mapping(address => uint256) public b66;

    function f1(uint256 start, uint256 end) external {
        _require(start <= end, 100);
        // ok: SOL-INTEGER-OVERFLOW
        d66 = end - start;
    }

    function f2(uint256 v) external {
        _require(b66[msg.sender] >= v, 101);
        // ok: SOL-INTEGER-OVERFLOW
        b66[msg.sender] -= v;
    }
}
