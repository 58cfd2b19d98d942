// SPDX-License-Identifier: MIT
pragma solidity ^0.8.19;

// The seat goes to whoever pays more than the last holder, who is paid
// back first through a payable() conversion. A holder contract whose
// receive() reverts keeps the seat forever. The keeper's bypass in the
// same require lets everyone else through, so it restricts nothing.
contract Seat {
    address private holder;
    uint256 public price;
    address public keeper;

    constructor() payable {
        keeper = msg.sender;
        holder = msg.sender;
        price = msg.value;
    }

    receive() external payable {
        require(msg.value >= price || msg.sender == keeper, "low");
        // ruleid: SOL-DOS-REVERTING-PAYMENT
        payable(holder).transfer(msg.value);
        holder = msg.sender;
        price = msg.value;
    }
}
