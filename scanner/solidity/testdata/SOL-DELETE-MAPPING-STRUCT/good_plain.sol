// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Structs without mappings, and value members of a struct with one.
contract Orders {
    struct Order {
        address maker;
        uint256 amount;
        uint256[] fills;
    }

    struct Book {
        uint256 count;
        mapping(uint256 => Order) orders;
    }

    mapping(uint256 => Order) internal orders;
    Book internal book;

    function cancel(uint256 id) external {
        // ok: SOL-DELETE-MAPPING-STRUCT
        delete orders[id];
    }

    function f1(uint256 id) external {
        // ok: SOL-DELETE-MAPPING-STRUCT
        delete book.orders[id];
        // ok: SOL-DELETE-MAPPING-STRUCT
        delete book.count;
    }
}
