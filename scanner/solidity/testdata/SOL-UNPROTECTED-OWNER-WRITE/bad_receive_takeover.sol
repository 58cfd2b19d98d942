// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Plain ether sent by anyone who ever chipped in a wei makes the sender
// the keeper, and the keeper sweeps the balance. "msg.value > 0" and a
// nonzero entry sell nothing: one wei buys the contract.
contract Jar {
    mapping(address => uint256) public chipped;
    address public keeper;

    constructor() {
        keeper = msg.sender;
    }

    function chipIn() external payable {
        require(msg.value < 0.001 ether, "small");
        chipped[msg.sender] += msg.value;
    }

    function sweep() external {
        require(msg.sender == keeper, "keeper");
        payable(keeper).transfer(address(this).balance);
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    receive() external payable {
        require(msg.value > 0 && chipped[msg.sender] > 0, "chip in first");
        keeper = msg.sender;
    }
}
