pragma solidity ^0.8.0;

contract Bank {
    mapping(address => uint256) public balances;
    bool private entered;

    modifier nonReentrant() {
        require(!entered);
        entered = true;
        _;
        entered = false;
    }

    function withdraw(uint256 amount) external nonReentrant {
        // ok: SOL-REENTRANCY
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok);
        balances[msg.sender] -= amount;
    }

    function tip(address payable to) external {
        // ok: SOL-REENTRANCY
        to.transfer(1);
        balances[msg.sender] = 0;
    }
}
