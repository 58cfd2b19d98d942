pragma solidity ^0.8.0;

contract Vault {
    address public owner = msg.sender;

    function sweep(address payable to) external {
        // ok: SOL-TX-ORIGIN
        require(msg.sender == owner);
        to.transfer(address(this).balance);
    }
}
