pragma solidity ^0.8.0;

// A multicall that is not payable: msg.value is 0 in every sub-call.
contract C7 {
    mapping(address => uint256) q1;

    function f1() public payable {
        q1[msg.sender] += msg.value;
    }

    function f2(bytes[] calldata d) external {
        for (uint256 i = 0; i < d.length; i++) {
            // ok: SOL-MSG-VALUE-LOOP
            (bool ok, ) = address(this).delegatecall(d[i]);
            require(ok);
        }
    }
}
