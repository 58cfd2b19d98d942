pragma solidity ^0.8.0;

// Inequalities tolerate forced ether and donations.
contract C4 {
    uint256 q1;

    function f1() external payable {
        q1 += msg.value;
        // ok: SOL-BALANCE-STRICT-EQUALITY
        require(address(this).balance >= q1);
    }

    function f2(uint256 v) external {
        uint256 b = address(this).balance;
        // ok: SOL-BALANCE-STRICT-EQUALITY
        if (b <= v) {
            revert();
        }
        // ok: SOL-BALANCE-STRICT-EQUALITY
        assert(q1 == v);
    }
}
