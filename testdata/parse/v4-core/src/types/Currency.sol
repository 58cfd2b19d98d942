// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// User-defined value types with user-defined operators and free
// functions, in the shape of v4-core's types.
type Currency is address;

using {greaterThan as >, lessThan as <, equals as ==} for Currency global;
using CurrencyLibrary for Currency global;

function equals(Currency currency, Currency other) pure returns (bool) {
    return Currency.unwrap(currency) == Currency.unwrap(other);
}

function greaterThan(Currency currency, Currency other) pure returns (bool) {
    return Currency.unwrap(currency) > Currency.unwrap(other);
}

function lessThan(Currency currency, Currency other) pure returns (bool) {
    return Currency.unwrap(currency) < Currency.unwrap(other);
}

library CurrencyLibrary {
    error NativeTransferFailed();

    Currency public constant ADDRESS_ZERO = Currency.wrap(address(0));

    function isAddressZero(Currency currency) internal pure returns (bool) {
        return Currency.unwrap(currency) == Currency.unwrap(ADDRESS_ZERO);
    }

    function transfer(Currency currency, address to, uint256 amount) internal {
        bool success;
        if (currency.isAddressZero()) {
            assembly ("memory-safe") {
                success := call(gas(), to, amount, 0, 0, 0, 0)
            }
            if (!success) revert NativeTransferFailed();
        }
    }
}
