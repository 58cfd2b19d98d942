pragma solidity ^0.8.19;

import {TokenBase} from "@vendor/token/TokenBase.sol";

// A function of an imported base handed the caller, but its answer is an
// amount compared with a bound: any holder passes, so it restricts no
// one. Nor does asking the caller's own contract (v72(msg.sender).w72()).
interface V72 {
    function w72() external view returns (bool);
}

contract C272 is TokenBase {
    mapping(address => uint256) internal held72;

    function exec(address t, bytes calldata d) external {
        require(q72(msg.sender) > 0, "hold some");
        // ruleid: SOL-ARBITRARY-CALL
        (bool ok, ) = t.call(d);
        require(ok);
    }

    function exec2(address t, bytes calldata d) external {
        require(V72(msg.sender).w72(), "says yes");
        // ruleid: SOL-ARBITRARY-CALL
        (bool ok, ) = t.call(d);
        require(ok);
    }
}
