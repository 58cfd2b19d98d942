pragma solidity ^0.8.0;

// Through a local and in an internal function's assert.
contract C2 {
    uint256 q1;

    function f1() external payable {
        q1 += msg.value;
        g1();
    }

    function g1() internal view {
        uint256 b = address(this).balance;
        // ruleid: SOL-BALANCE-STRICT-EQUALITY
        assert(b == q1);
    }

    function f2() external view returns (uint256) {
        uint256 b = address(this).balance - 1;
        // ruleid: SOL-BALANCE-STRICT-EQUALITY
        if (b != q1) {
            return 1;
        }
        return 2;
    }
}
