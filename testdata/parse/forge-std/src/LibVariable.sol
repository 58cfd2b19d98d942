// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.13;

// A file-level `using … for … global` and a user-defined value type, as
// forge-std's LibVariable has them.
type Variable is bytes32;

using LibVariable for Variable global;

error NotACoercibleType(string typeName);

library LibVariable {
    function toBool(Variable self) internal pure returns (bool) {
        return Variable.unwrap(self) != bytes32(0);
    }

    function toUint(Variable self) internal pure returns (uint256) {
        return uint256(Variable.unwrap(self));
    }

    function toAddress(Variable self) internal pure returns (address) {
        if (uint256(Variable.unwrap(self)) > type(uint160).max) revert NotACoercibleType("address");
        return address(uint160(uint256(Variable.unwrap(self))));
    }
}
