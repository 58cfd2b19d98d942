pragma solidity ^0.8.0;

interface I14 {
    function transfer(address to, uint256 v) external returns (bool);
    function send(address to, uint256 v, bytes calldata d) external;
    function granularity() external view returns (uint256);
}

interface I15 {
    function transfer(address to, uint256 v) external returns (bool);
}

// The ERC-777 claim is recorded before the hooks run.
contract C77 {
    I14 q1;
    mapping(address => uint256) q2;

    function f1(uint256 v) external {
        require(q2[msg.sender] + v <= 1000);
        q2[msg.sender] += v;
        // ok: SOL-REENTRANCY
        q1.send(msg.sender, v, "");
    }
}

// A plain ERC-20 (no ERC-777 functions, no hook in the contract): the
// write after it is SOL-REENTRANCY-LIMITED's, not this rule's.
contract C78 {
    I15 q1;
    mapping(address => uint256) q2;

    function f1(uint256 v) external {
        require(q2[msg.sender] + v <= 1000);
        // ok: SOL-REENTRANCY
        // ruleid: SOL-REENTRANCY-LIMITED
        q1.transfer(msg.sender, v);
        q2[msg.sender] += v;
    }
}
