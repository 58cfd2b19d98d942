// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Vm} from "forge-std/Vm.sol";
import {Vault} from "../src/Vault.sol";

contract Deploy {
    Vm constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code"))))); address owner;

    function run() external returns (Vault v) {
        require(tx.origin == owner);
        vm.startBroadcast();
        v = new Vault();
        vm.stopBroadcast();
    }
}
