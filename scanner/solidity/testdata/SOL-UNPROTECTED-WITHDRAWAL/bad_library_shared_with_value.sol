pragma solidity ^0.4.24;

library L1 {
    function g1(uint256 a, uint256 b) internal pure returns (uint256) {
        assert(b <= a);
        return a - b;
    }
}

// Another contract hands the library msg.value; that is its own call's
// value, not this one's. The payout below is of an amount the caller
// picks, less a fee, from the pool: anyone drains it.
contract C63 {
    using L1 for uint256;
    uint256 q1;

    function f1() external payable {
        q1 = q1.g1(msg.value / 2);
    }
}

contract C64 {
    using L1 for uint256;
    uint256 q2;
    uint256 q3 = 10;

    function() external payable {
        q2 += msg.value;
    }

    function f2(uint256 a) external {
        require(a <= q2);
        q2 = q2.g1(a);
        uint256 p = a.g1(q3);
        // ruleid: SOL-UNPROTECTED-WITHDRAWAL
        msg.sender.transfer(p);
    }
}
