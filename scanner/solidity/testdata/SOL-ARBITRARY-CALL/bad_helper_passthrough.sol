pragma solidity ^0.8.0;

// View helpers that hand back what the caller gave them (or build it from
// that): the target and calldata stay the caller's. Names are opaque.
contract C71 {
    mapping(uint256 => address) q1;

    function h1(address a, bytes memory d) internal view returns (address, bytes memory) {
        if (q1[0] == address(0)) {
            return (a, d);
        }
        return (q1[0], d);
    }

    function f1(address a, bytes calldata d) external {
        (address t, bytes memory x) = h1(a, d);
        // ruleid: SOL-ARBITRARY-CALL
        (bool ok, ) = t.call(x);
        require(ok);
    }
}
