// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// The deposit credits the caller, then pulls the tokens with a raw call
// and hands the success flag back instead of checking it. A caller that
// is a person never reads the false: a failed pull leaves a free credit.
contract Locker {
    address public immutable asset;
    mapping(address => uint256) public locked;
    uint256 public totalLocked;

    constructor(address a) {
        asset = a;
    }

    function lock(uint256 amount) external returns (bool) {
        totalLocked += amount;
        locked[msg.sender] += amount;
        // ruleid: SOL-UNCHECKED-CALL
        (bool pulled, ) = asset.call(abi.encodeWithSelector(0x23b872dd, msg.sender, address(this), amount));
        return pulled;
    }

    function lockFor(address who) external payable returns (bool) {
        locked[who] = locked[who] + msg.value;
        // ruleid: SOL-UNCHECKED-CALL
        return payable(asset).send(msg.value / 100);
    }
}
