pragma solidity ^0.8.0;

// A stored operation run by id: a view helper hands back the target and
// calldata state holds for the id. The caller picks which, not what.
// Names are opaque.
contract C70 {
    struct S1 {
        address t;
        bytes d;
        bool done;
    }
    mapping(uint256 => S1) q1;

    function h1(uint256 id) internal view returns (address t, bytes memory d) {
        S1 storage s = q1[id];
        return (s.t, s.d);
    }

    function f1(uint256 id) external {
        require(!q1[id].done);
        q1[id].done = true;
        (address t, bytes memory d) = h1(id);
        // ok: SOL-ARBITRARY-CALL
        (bool ok, ) = t.call(d);
        require(ok);
    }
}
