pragma solidity ^0.8.0;

contract Router {
    mapping(address => uint256) public balances;

    function forward(address payable to) external payable {
        // ok: SOL-ARBITRARY-SEND
        to.transfer(msg.value);
    }

    function withdrawTo(address payable to, uint256 amount) external {
        balances[msg.sender] -= amount;
        // ok: SOL-ARBITRARY-SEND
        to.transfer(amount);
    }
}
