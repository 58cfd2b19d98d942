// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20 {
    function transfer(address to, uint256 amount) external returns (bool);
}

contract V3Flasher {
    address public immutable factoryPool;
    uint256 public fees;

    constructor(address p) {
        factoryPool = p;
    }

    // ok: ECON-FLASH-CALLBACK-UNCHECKED
    function uniswapV3FlashCallback(uint256 fee0, uint256 fee1, bytes calldata data) external {
        require(msg.sender == factoryPool, "pool");
        (address token, uint256 owed) = abi.decode(data, (address, uint256));
        fees += fee0 + fee1;
        IERC20(token).transfer(msg.sender, owed + fee0);
    }
}

contract BalancerRecipient {
    address public immutable vault;
    uint256 public received;

    constructor(address v) {
        vault = v;
    }

    // ok: ECON-FLASH-CALLBACK-UNCHECKED
    function receiveFlashLoan(IERC20[] memory tokens, uint256[] memory amounts, uint256[] memory feeAmounts, bytes memory)
        external
    {
        require(msg.sender == vault, "vault");
        for (uint256 i = 0; i < tokens.length; i++) {
            received += amounts[i];
            tokens[i].transfer(vault, amounts[i] + feeAmounts[i]);
        }
    }

    /// A callback that does nothing is harmless.
    // ok: ECON-FLASH-CALLBACK-UNCHECKED
    function uniswapV2Call(address, uint256, uint256, bytes calldata) external pure {}
}
