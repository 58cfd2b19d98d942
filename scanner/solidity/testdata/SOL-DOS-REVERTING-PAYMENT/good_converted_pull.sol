// SPDX-License-Identifier: MIT
pragma solidity ^0.8.19;

// The same seat, but the previous holder's refund is recorded and pulled:
// a holder that refuses ether only loses its own refund.
contract Seat {
    address private holder;
    uint256 public price;
    address public keeper;
    mapping(address => uint256) public owed;

    constructor() payable {
        keeper = msg.sender;
        holder = msg.sender;
        price = msg.value;
    }

    receive() external payable {
        require(msg.value >= price, "low");
        owed[holder] += msg.value;
        holder = msg.sender;
        price = msg.value;
    }

    function pull() external {
        uint256 v = owed[msg.sender];
        owed[msg.sender] = 0;
        // ok: SOL-DOS-REVERTING-PAYMENT
        payable(msg.sender).transfer(v);
    }

    function sweep() external {
        require(msg.sender == keeper);
        // ok: SOL-DOS-REVERTING-PAYMENT
        payable(keeper).transfer(address(this).balance);
    }
}
