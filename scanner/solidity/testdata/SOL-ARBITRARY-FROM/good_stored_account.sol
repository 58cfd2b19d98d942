// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IToken {
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

// Pulls from the treasury only to the caller's earned amount, or only by
// the keeper: the recipient is not the caller's free choice.
contract Rewards {
    IToken public immutable token;
    address public treasury;
    address public keeper;
    mapping(address => uint256) public earned;

    constructor(IToken t, address tr) {
        token = t;
        treasury = tr;
        keeper = msg.sender;
    }

    function claim() external {
        uint256 v = earned[msg.sender];
        earned[msg.sender] = 0;
        // ok: SOL-ARBITRARY-FROM
        require(token.transferFrom(treasury, address(this), v), "pull");
    }

    function pay(address to, uint256 amount) external {
        require(msg.sender == keeper, "keeper");
        // ok: SOL-ARBITRARY-FROM
        require(token.transferFrom(treasury, to, amount), "pull");
    }
}
