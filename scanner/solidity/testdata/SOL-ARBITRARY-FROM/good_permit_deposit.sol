// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IToken {
    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external;
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

// The permit's signer deposits into this contract and is credited: a
// front-runner submitting the same permit only makes the deposit happen
// for its signer, a denial of service at worst.
contract Vault {
    IToken public immutable token;
    mapping(address => uint256) public shares;

    constructor(IToken t) {
        token = t;
    }

    function depositWithPermit(address owner, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        token.permit(owner, address(this), value, deadline, v, r, s);
        // ok: SOL-ARBITRARY-FROM
        require(token.transferFrom(owner, address(this), value), "pull");
        shares[owner] += value;
    }
}
