// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract MockVault {
    address owner = msg.sender;

    function kill() external {
        require(tx.origin == owner);
        selfdestruct(payable(msg.sender));
    }
}
