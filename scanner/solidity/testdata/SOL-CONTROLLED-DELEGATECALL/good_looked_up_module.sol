pragma solidity ^0.8.0;

interface I1 {
    function g1() external view returns (address);
}

// A module the contract looks up (from an address provider it stores, or
// a registry entry) runs a function the contract names, with the
// caller's arguments encoded around that fixed selector. Names are
// opaque.
contract C97 {
    I1 private q1;
    mapping(uint256 => address) private q2;

    function f1(address a, uint256 v) external {
        address m = q1.g1();
        // ok: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = m.delegatecall(abi.encodeWithSignature("h1(address,uint256)", a, v));
        require(ok);
    }

    function f2(uint256 id, uint256 v) external {
        // ok: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = q2[id].delegatecall(abi.encodeWithSelector(bytes4(0x12345678), v));
        require(ok);
    }
}
