// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IToken {
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

// The treasury approved this contract to pay rewards; anyone may ask it
// to pay any amount to any address.
contract Rewards {
    IToken public immutable token;
    address public treasury;

    constructor(IToken t, address tr) {
        token = t;
        treasury = tr;
    }

    function reward(address to, uint256 amount) external {
        // ruleid: SOL-ARBITRARY-FROM
        require(token.transferFrom(treasury, to, amount), "pull");
    }
}
