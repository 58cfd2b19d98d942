pragma solidity ^0.8.0;

contract Mint {
    function mint() external {
        // ok: SOL-TX-ORIGIN
        require(tx.origin == msg.sender, "no contracts");
    }
}
