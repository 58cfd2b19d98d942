pragma solidity ^0.8.0;

contract Pool {
    function payout(address payable to, uint256 amount) external {
        // ruleid: SOL-ARBITRARY-SEND
        to.transfer(amount);
    }
}
