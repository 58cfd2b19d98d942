pragma solidity ^0.8.0;

interface I1 {
    function g(address a, uint256 v) external returns (bool);
}

// The contract builds the calldata around a fixed selector, or the
// target is its own.
contract C5 {
    address q1;
    mapping(uint256 => address) q2;
    bytes4 constant S1 = 0xa9059cbb;

    function f1(address t, address a, uint256 v) external {
        // ok: SOL-ARBITRARY-CALL
        (bool ok, ) = t.call(abi.encodeWithSelector(I1.g.selector, a, v));
        require(ok);
    }

    function f2(address t, address a, uint256 v) external {
        bytes memory d = abi.encodeWithSelector(S1, a, v);
        // ok: SOL-ARBITRARY-CALL
        (bool ok, ) = t.call(d);
        require(ok);
    }

    function f3(uint256 k, bytes calldata d) external {
        // ok: SOL-ARBITRARY-CALL
        (bool ok, ) = q2[k].call(d);
        require(ok);
    }

    function f4(bytes calldata d) external {
        // ok: SOL-ARBITRARY-CALL
        (bool ok, ) = q1.call(d);
        require(ok);
    }
}
