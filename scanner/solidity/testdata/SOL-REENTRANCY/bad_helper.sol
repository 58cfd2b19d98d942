pragma solidity ^0.8.0;

contract Vault {
    mapping(address => uint256) public credit;
    mapping(address => bool) public claimed;

    function pay(address to, uint256 amount) internal {
        (bool ok, ) = to.call{value: amount}("");
        require(ok);
    }

    function claim() external {
        require(!claimed[msg.sender]);
        // ruleid: SOL-REENTRANCY
        pay(msg.sender, credit[msg.sender]);
        claimed[msg.sender] = true;
    }

    function drain() external {
        uint256 amount = credit[msg.sender];
        // ruleid: SOL-REENTRANCY
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok);
        credit[msg.sender] = 0;
    }
}
