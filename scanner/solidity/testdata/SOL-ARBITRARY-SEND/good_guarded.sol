pragma solidity ^0.8.0;

contract Pool {
    address public owner = msg.sender;

    function payout(address payable to, uint256 amount) external {
        require(msg.sender == owner);
        // ok: SOL-ARBITRARY-SEND
        to.transfer(amount);
    }
}
