pragma solidity ^0.8.19;

import {RoleBase} from "@vendor/access/RoleBase.sol";

// The role check is a function of an imported base the scan does not
// hold, handed the caller and read as a truth value in a modifier: it
// asks about the caller, as an unresolved modifier would.
contract C271 is RoleBase {
    bytes32 internal constant R71 = keccak256("R71");
    mapping(address => uint256) internal held71;

    modifier m71() {
        require(q71(R71, msg.sender), "no role");
        _;
    }

    function exec(address t, bytes calldata d) external payable m71 {
        // ok: SOL-ARBITRARY-CALL
        (bool ok, ) = t.call{value: msg.value}(d);
        require(ok);
    }
}
