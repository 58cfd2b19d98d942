// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// The amount is booked for one account and paid to another the caller
// names: anyone moves anyone's credit to themselves.
contract Bonds {
    mapping(address => uint256) public credit;

    function post(address who) external payable {
        credit[who] += msg.value;
    }

    function settle(address account, address payable to) external {
        uint256 owed = credit[account];
        credit[account] = 0;
        // ruleid: SOL-ARBITRARY-SEND
        (bool ok, ) = to.call{value: owed}("");
        require(ok, "send");
    }
}
