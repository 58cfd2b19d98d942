pragma solidity ^0.8.0;

// An ERC-777 token by its ABI: transfer and send call the sender's
// tokensToSend and the recipient's tokensReceived hooks.
interface I13 {
    function transfer(address to, uint256 v) external returns (bool);
    function send(address to, uint256 v, bytes calldata d) external;
    function granularity() external view returns (uint256);
    function authorizeOperator(address o) external;
}

contract C74 {
    I13 q1;
    mapping(address => uint256) q2;

    function f1(uint256 v) external {
        require(q2[msg.sender] + v <= 1000);
        // ruleid: SOL-REENTRANCY
        q1.transfer(msg.sender, v);
        q2[msg.sender] += v;
    }

    function f2(uint256 v) external {
        require(q2[msg.sender] + v <= 1000);
        // ruleid: SOL-REENTRANCY
        q1.send(msg.sender, v, "");
        q2[msg.sender] += v;
    }
}

// A token whose type the bundle lacks, moved by a contract that
// implements the ERC-777 recipient hook: the tokens it holds are
// ERC-777 tokens.
contract C75 {
    T9 q1;
    mapping(address => uint256) q2;

    function f1(address a, uint256 v) external returns (bool) {
        require(q2[a] + v <= 1000);
        // ruleid: SOL-REENTRANCY
        q1.transfer(a, v);
        q2[a] += v;
        return true;
    }

    function tokensReceived(address, address, address, uint256, bytes calldata, bytes calldata) external {}
}
