// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// The same shape with 0.8 call syntax: the raw call sits in a private
// helper reached through a second one, the debit in a third.
contract Shares {
    mapping(address => uint256) internal held;

    function join() external payable {
        held[msg.sender] += msg.value;
    }

    function _send(address to, uint256 v) private {
        (bool ok, ) = to.call{value: v}("");
        require(ok, "send");
    }

    function _payout(address to, uint256 v) private {
        require(v > 0, "none");
        _send(to, v);
    }

    function _drop(address who) private {
        delete held[who];
    }

    function exit() external {
        // ruleid: SOL-REENTRANCY
        _payout(msg.sender, held[msg.sender]);
        _drop(msg.sender);
    }
}
