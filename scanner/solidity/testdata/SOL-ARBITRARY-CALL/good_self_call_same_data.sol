pragma solidity ^0.8.0;

// A query that calls itself with its own calldata, whole: the inner call
// runs this same function, in its self-only arm, which reports its
// result by reverting. The caller reaches nothing but this function.
contract C99d {
    mapping(address => uint256) q1;

    function f1(address a, uint256 v) external returns (uint256) {
        if (msg.sender != address(this)) {
            // ok: SOL-ARBITRARY-CALL
            (bool ok, bytes memory r) = address(this).call(msg.data);
            require(!ok);
            return abi.decode(r, (uint256));
        } else {
            q1[a] += v;
            uint256 x = q1[a];
            bytes memory e = abi.encode(x);
            assembly {
                revert(add(e, 32), mload(e))
            }
        }
    }
}
