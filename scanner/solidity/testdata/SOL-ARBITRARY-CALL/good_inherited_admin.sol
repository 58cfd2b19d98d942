pragma solidity ^0.8.19;

import {AdminBase} from "@vendor/access/AdminBase.sol";

// The admin is a state variable of an imported base the scan does not
// hold: the caller is compared with the contract's own state.
contract C259 is AdminBase {
    function exec(address t, bytes calldata d) external {
        require(msg.sender == admin59, "not admin");
        // ok: SOL-ARBITRARY-CALL
        (bool ok, ) = t.call(d);
        require(ok);
    }
}
