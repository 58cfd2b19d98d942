pragma solidity ^0.8.0;

contract Faucet {
    uint256 public constant AMOUNT = 1 ether;

    function drip() external {
        // ok: SOL-TOD-PAYMENT
        payable(msg.sender).transfer(AMOUNT);
    }
}
