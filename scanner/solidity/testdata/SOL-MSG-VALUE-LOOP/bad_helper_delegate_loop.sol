pragma solidity ^0.8.19;

// A payable entry hands the batch to a helper that delegatecalls the
// contract's own payable function per entry: each call sees the whole
// msg.value again.
contract C252 {
    mapping(address => uint256) internal b52;

    function credit(address a) public payable {
        b52[a] += msg.value;
    }

    function batch(address[] calldata rs) external payable {
        run(rs);
    }

    function run(address[] calldata rs) internal {
        for (uint256 i = 0; i < rs.length; i++) {
            // ruleid: SOL-MSG-VALUE-LOOP
            (bool ok, ) = address(this).delegatecall(abi.encodeWithSignature("credit(address)", rs[i]));
            require(ok);
        }
    }
}
