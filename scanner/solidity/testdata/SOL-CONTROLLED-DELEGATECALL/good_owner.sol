pragma solidity ^0.8.0;

contract Admin {
    address public owner = msg.sender;

    function run(address target, bytes calldata data) external {
        require(msg.sender == owner, "not owner");
        // ok: SOL-CONTROLLED-DELEGATECALL
        (bool ok, ) = target.delegatecall(data);
        require(ok);
    }
}
