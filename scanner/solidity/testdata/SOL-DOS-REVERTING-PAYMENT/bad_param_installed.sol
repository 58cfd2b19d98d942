// SPDX-License-Identifier: MIT
pragma solidity ^0.8.19;

// Anyone names the beneficiary, and the periodic payout requires paying
// it: naming a contract that refuses ether stops the payout for good.
contract Splitter {
    address public beneficiary;
    address public immutable treasury;
    uint256 public lastPayout;

    constructor(address t) {
        treasury = t;
    }

    function nominate(address who) external {
        beneficiary = who;
    }

    function payout() external {
        uint256 share = address(this).balance / 10;
        // ruleid: SOL-DOS-REVERTING-PAYMENT
        (bool ok, ) = beneficiary.call{value: share}("");
        require(ok, "beneficiary");
        payable(treasury).transfer(share);
        lastPayout = block.timestamp;
    }

    receive() external payable {}
}
