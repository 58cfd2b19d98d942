pragma solidity ^0.8.0;

contract Bank {
    mapping(address => uint256) public balances;

    function withdraw() external {
        uint256 amount = balances[msg.sender];
        balances[msg.sender] = 0;
        // ok: SOL-REENTRANCY
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok);
    }
}
