pragma solidity ^0.8.0;

// Authorisation against stored state is not an EOA check.
contract C39 {
    address q1 = msg.sender;
    uint256 q2;

    function f1() external {
        // ok: SOL-EOA-CHECK
        require(msg.sender == q1);
        q2++;
    }

    function f2(address a) external view returns (uint256) {
        // ok: SOL-EOA-CHECK
        return a.code.length > 0 ? 1 : 0;
    }
}
