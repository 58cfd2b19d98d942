// SPDX-License-Identifier: BUSL-1.1
pragma solidity 0.8.26;

import {Currency} from "./types/Currency.sol";
import {BalanceDelta} from "./types/BalanceDelta.sol";
import {Lock} from "./libraries/Lock.sol";

type PoolId is bytes32;

struct PoolKey {
    Currency currency0;
    Currency currency1;
    uint24 fee;
    int24 tickSpacing;
    address hooks;
}

interface IUnlockCallback {
    function unlockCallback(bytes calldata data) external returns (bytes memory);
}

/// @notice The singleton's skeleton: named mapping parameters, transient
/// locks, custom errors with arguments, unchecked blocks.
contract PoolManager {
    error AlreadyUnlocked();
    error ManagerLocked();
    error CurrencyNotSettled();
    error WrappedError(address target, bytes4 selector, bytes reason, bytes details);

    event Initialize(PoolId indexed id, Currency indexed currency0, Currency indexed currency1, uint24 fee);

    mapping(PoolId id => uint160 sqrtPriceX96) internal _pools;
    mapping(address owner => mapping(uint256 id => uint256 balance)) public balanceOf;
    address immutable original;

    constructor() {
        original = address(this);
    }

    modifier onlyWhenUnlocked() {
        if (!Lock.isUnlocked()) revert ManagerLocked();
        _;
    }

    modifier noDelegateCall() {
        require(address(this) == original);
        _;
    }

    function unlock(bytes calldata data) external noDelegateCall returns (bytes memory result) {
        if (Lock.isUnlocked()) revert AlreadyUnlocked();
        Lock.unlock();
        result = IUnlockCallback(msg.sender).unlockCallback(data);
        Lock.lock();
    }

    function initialize(PoolKey memory key, uint160 sqrtPriceX96) external noDelegateCall returns (int24 tick) {
        PoolId id = PoolId.wrap(keccak256(abi.encode(key)));
        _pools[id] = sqrtPriceX96;
        unchecked {
            tick = int24(int256(uint256(sqrtPriceX96) >> 96)) - 1;
        }
        emit Initialize(id, key.currency0, key.currency1, key.fee);
    }

    function mint(address to, uint256 id, uint256 amount) external onlyWhenUnlocked {
        unchecked {
            balanceOf[to][id] += amount;
        }
    }
}
