pragma solidity ^0.4.24;

contract Ownable {
    address public owner;

    function Ownable() public {
        owner = msg.sender;
    }
}

contract Bank is Ownable {
    // ruleid: SOL-SHADOWED-STATE
    address owner = msg.sender;
}
