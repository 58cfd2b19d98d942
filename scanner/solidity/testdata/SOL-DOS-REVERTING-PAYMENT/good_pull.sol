pragma solidity ^0.8.0;

contract Auction {
    mapping(address => uint256) public pending;

    function withdraw() external {
        uint256 amount = pending[msg.sender];
        pending[msg.sender] = 0;
        // ok: SOL-DOS-REVERTING-PAYMENT
        payable(msg.sender).transfer(amount);
    }
}
