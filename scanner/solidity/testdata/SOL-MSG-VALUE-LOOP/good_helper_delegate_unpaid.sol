pragma solidity ^0.8.19;

// The same helper reached only from a function that takes no ether:
// msg.value is zero in every delegated call.
contract C253 {
    mapping(address => uint256) internal b53;

    function credit(address a) public payable {
        b53[a] += msg.value;
    }

    function batch(address[] calldata rs) external {
        run(rs);
    }

    function run(address[] calldata rs) internal {
        for (uint256 i = 0; i < rs.length; i++) {
            // ok: SOL-MSG-VALUE-LOOP
            (bool ok, ) = address(this).delegatecall(abi.encodeWithSignature("credit(address)", rs[i]));
            require(ok);
        }
    }
}
