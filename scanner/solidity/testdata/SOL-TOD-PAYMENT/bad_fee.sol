pragma solidity ^0.8.0;

contract Market {
    address public owner = msg.sender;
    uint256 public fee;

    modifier onlyOwner() {
        require(msg.sender == owner);
        _;
    }

    function setFee(uint256 f) external onlyOwner {
        fee = f;
    }

    function refundFee() external {
        // ruleid: SOL-TOD-PAYMENT
        payable(msg.sender).transfer(fee);
    }
}
