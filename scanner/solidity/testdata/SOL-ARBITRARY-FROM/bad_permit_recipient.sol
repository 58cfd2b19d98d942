// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IToken {
    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external;
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

// The permit authorises this contract to pull, not where the tokens go:
// whoever submits the signed permit first (copied from the mempool) names
// itself as the recipient. A token without permit whose fallback accepts
// the call lets anyone pull from any account that approved the contract.
contract Gateway {
    IToken public immutable token;

    constructor(IToken t) {
        token = t;
    }

    function pullWithPermit(address owner, address to, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        token.permit(owner, address(this), value, deadline, v, r, s);
        // ruleid: SOL-ARBITRARY-FROM
        require(token.transferFrom(owner, to, value), "pull");
    }

    function pullToCaller(address owner, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        token.permit(owner, address(this), value, deadline, v, r, s);
        // ruleid: SOL-ARBITRARY-FROM
        require(token.transferFrom(owner, msg.sender, value), "pull");
    }
}
