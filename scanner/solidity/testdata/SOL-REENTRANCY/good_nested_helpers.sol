// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Helpers two deep again, but the debit runs before the payment, and the
// second entry point pays through a helper that forwards only the
// 2,300-gas stipend.
contract Shares {
    mapping(address => uint256) internal held;
    uint256 public paidOut;

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

    function _tip(address to, uint256 v) private {
        payable(to).transfer(v);
    }

    function _relay(address to, uint256 v) private {
        _tip(to, v);
    }

    function _drop(address who) private {
        delete held[who];
    }

    function exit() external {
        uint256 v = held[msg.sender];
        _drop(msg.sender);
        // ok: SOL-REENTRANCY
        _payout(msg.sender, v);
    }

    function exitSmall() external {
        uint256 v = held[msg.sender];
        // ok: SOL-REENTRANCY
        _relay(msg.sender, v);
        _drop(msg.sender);
        paidOut += v;
    }
}
