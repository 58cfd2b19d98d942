pragma solidity ^0.8.0;

contract Savings {
    mapping(address => uint256) public balance;
    mapping(address => uint256) public lockedUntil;

    function deposit(uint256 lockDays) external payable {
        balance[msg.sender] += msg.value;
        // ok: SOL-FRONTRUN-PLAINTEXT-MOVE
        lockedUntil[msg.sender] = block.timestamp + lockDays * 1 days;
    }

    function withdraw() external {
        require(block.timestamp > lockedUntil[msg.sender]);
        uint256 amount = balance[msg.sender];
        balance[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }
}
