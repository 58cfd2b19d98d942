pragma solidity ^0.8.19;

// Refunds paid by a helper the loop calls: one refusing recipient reverts
// the whole batch.
contract C240 {
    address[] internal r40;
    mapping(address => uint256) internal a40;

    function refundAll() external {
        for (uint256 i = 0; i < r40.length; i++) {
            pay(r40[i]);
        }
    }

    function pay(address to) internal {
        uint256 v = a40[to];
        a40[to] = 0;
        // ruleid: SOL-DOS-REVERTING-PAYMENT
        payable(to).transfer(v);
    }
}
