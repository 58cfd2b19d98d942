// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC721 {
    function safeTransferFrom(address from, address to, uint256 id) external;
}

/// Sends the NFT (which calls the receiver back) before recording the
/// sale: floorPrice() reads the stale reserve meanwhile.
contract NftMarket {
    bool private entered;
    IERC721 public immutable nft;
    uint256 public reserve;
    uint256 public sold;

    constructor(IERC721 n) {
        nft = n;
    }

    modifier guard() {
        require(!entered);
        entered = true;
        _;
        entered = false;
    }

    function buy(uint256 id) external payable guard {
        // ruleid: SOL-READONLY-REENTRANCY
        nft.safeTransferFrom(address(this), msg.sender, id);
        reserve += msg.value;
        sold += 1;
    }

    function floorPrice() public view returns (uint256) {
        return sold == 0 ? 0 : reserve / sold;
    }
}
