pragma solidity ^0.8.0;

// ok: SOL-LOCKED-ETHER
contract Jar {
    address payable public owner = payable(msg.sender);

    receive() external payable {}

    function empty() external {
        require(msg.sender == owner);
        owner.transfer(address(this).balance);
    }
}
