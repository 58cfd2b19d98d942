pragma solidity ^0.8.0;

// Anyone picks the target and the calldata: the contract's approvals
// are theirs (transferFrom(victim, attacker, amount)).
contract C1 {
    mapping(address => uint256) public q1;

    function f1(address t, bytes calldata d) external payable {
        q1[msg.sender] += msg.value;
        // ruleid: SOL-ARBITRARY-CALL
        (bool ok, ) = t.call(d);
        require(ok);
    }

    // Caller-chosen selector in an otherwise built encoding.
    function f2(address t, bytes4 s, address a, uint256 v) external {
        // ruleid: SOL-ARBITRARY-CALL
        (bool ok, ) = t.call(abi.encodeWithSelector(s, a, v));
        require(ok);
    }
}
