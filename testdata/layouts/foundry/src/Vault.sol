// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IVault} from "./interfaces/IVault.sol";
import {Shares, toShares} from "./Token.sol";

/// @title Vault
/// @notice Holds ether for its depositors.
contract Vault is IVault {
    address public owner;
    mapping(address => uint256) public balances;
    uint256 transient private entered;

    error NotOwner(address caller);
    event Withdrawn(address indexed to, uint256 amount);

    constructor() {
        owner = msg.sender;
    }

    receive() external payable {
        balances[msg.sender] += msg.value;
    }

    function deposit() external payable override {
        balances[msg.sender] += msg.value;
    }

    /// @dev Pays before it books: reentrant.
    function withdraw(uint256 amount) external override {
        require(balances[msg.sender] >= amount, "balance");
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "send");
        balances[msg.sender] -= amount;
        emit Withdrawn(msg.sender, amount);
    }

    function sweep(address payable to) external {
        require(tx.origin == owner, NotOwner(msg.sender));
        to.transfer(address(this).balance);
    }

    function sharesOf(address who) external view returns (Shares) {
        return toShares(balances[who]);
    }
}
