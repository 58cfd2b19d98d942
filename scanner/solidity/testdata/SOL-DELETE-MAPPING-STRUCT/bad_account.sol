// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Closing an account resets its balance but not its allowances.
contract Accounts {
    struct Account {
        uint256 balance;
        mapping(address => uint256) allowance;
    }

    mapping(address => Account) internal accounts;

    function close() external {
        require(accounts[msg.sender].balance == 0, "balance");
        // ruleid: SOL-DELETE-MAPPING-STRUCT
        delete accounts[msg.sender];
    }
}

/// Opaque names: a nested struct holds the mapping; rounds live in an array.
contract C1 {
    struct T1 {
        mapping(uint256 => bool) q;
    }

    struct S1 {
        uint256 n;
        T1 t;
    }

    S1[] internal q1;
    S1 internal q2;

    function f1(uint256 i) external {
        // ruleid: SOL-DELETE-MAPPING-STRUCT
        delete q1[i];
    }

    function f2() external {
        // ruleid: SOL-DELETE-MAPPING-STRUCT
        delete q2;
    }

    function f3() external {
        // ruleid: SOL-DELETE-MAPPING-STRUCT
        delete q2.t;
    }
}
