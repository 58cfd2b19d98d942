// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "forge-std/Test.sol";
import {Vault} from "../src/Vault.sol";

contract VaultTest is Test {
    Vault vault;

    function setUp() public {
        vault = new Vault();
    }

    function test_sweep() public {
        require(tx.origin != address(0));
        vm.deal(address(vault), 1 ether);
        vault.sweep(payable(address(this)));
    }
}
