// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Anyone may trigger the payout of an account's credit, but only to that
// account and only what is booked for it, read into a local and cleared
// before the payment.
contract Bonds {
    mapping(address => uint256) public credit;

    function post(address who) external payable {
        credit[who] += msg.value;
    }

    function settle(address payable account) external {
        uint256 owed = credit[account];
        credit[account] = 0;
        require(owed > 0, "nothing");
        // ok: SOL-ARBITRARY-SEND
        (bool ok, ) = account.call{value: owed}("");
        require(ok, "send");
    }
}
