// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC721 {
    function transferFrom(address from, address to, uint256 tokenId) external;
}

/// An NFT's id is not an amount: recording who staked it is exact.
contract NftStaking {
    IERC721 public immutable nft;
    mapping(uint256 => address) public stakerOf;
    mapping(address => uint256) public count;

    constructor(IERC721 n) {
        nft = n;
    }

    function stake(uint256 tokenId) external {
        nft.transferFrom(msg.sender, address(this), tokenId);
        // ok: ECON-FEE-ON-TRANSFER-ACCOUNTING
        stakerOf[tokenId] = msg.sender;
        count[msg.sender] += 1;
    }

    /// Tokens pulled from elsewhere, not credited.
    function sweep(IERC721 other, uint256 tokenId) external {
        // ok: ECON-FEE-ON-TRANSFER-ACCOUNTING
        other.transferFrom(msg.sender, address(this), tokenId);
    }
}
