// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "forge-std/Test.sol";
import {Vault} from "../src/Vault.sol";

contract VaultTest is Test {
    Vault vault; address owner;

    function setUp() public {
        vault = new Vault();
    }

    function test_sweep() public {
        require(tx.origin == owner);
        vm.deal(address(vault), 1 ether);
        vault.sweep(payable(address(this)));
    }
}
