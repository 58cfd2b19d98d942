pragma solidity ^0.8.0;

interface IERC721 {
    function transferFrom(address from, address to, uint256 tokenId) external;
}

library SafeERC20 {
    function safeTransfer(address token, address to, uint256 value) internal {}
}

contract Vault {
    address public token;
    IERC721 public nft;

    function out(address to, uint256 amount) external {
        // ok: SOL-UNCHECKED-ERC20-TRANSFER
        SafeERC20.safeTransfer(token, to, amount);
        // ok: SOL-UNCHECKED-ERC20-TRANSFER
        nft.transferFrom(address(this), to, amount);
    }
}
