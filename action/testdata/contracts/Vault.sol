// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A deliberately vulnerable vault for the CI end-to-end tests: the classic
// reentrancy (external call before the balance update), tx.origin
// authentication and an unprotected selfdestruct.
contract Vault {
    mapping(address => uint256) public balances;
    address public owner;

    constructor() {
        owner = msg.sender;
    }

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw() external {
        uint256 amount = balances[msg.sender];
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "send failed");
        balances[msg.sender] = 0;
    }

    function transferOwnership(address next) external {
        require(tx.origin == owner, "not owner");
        owner = next;
    }

    function kill() external {
        selfdestruct(payable(msg.sender));
    }
}
