pragma solidity ^0.8.0;

contract Killable {
    address public owner = msg.sender;

    modifier onlyOwner() {
        require(msg.sender == owner);
        _;
    }

    function kill() external onlyOwner {
        // ok: SOL-UNPROTECTED-SELFDESTRUCT
        selfdestruct(payable(owner));
    }
}
