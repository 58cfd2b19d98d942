// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract MockOracle {
    address setter = msg.sender;
    int256 public price;

    function set(int256 p) external {
        require(tx.origin == setter);
        price = p;
    }
}
