pragma solidity ^0.4.24;

contract Token {
    function approve(address spender, uint256 value) public returns (bool);
}

contract Router {
    function allow(Token t, address spender, uint256 value) public {
        // ruleid: SOL-UNCHECKED-ERC20-TRANSFER
        t.approve(spender, value);
    }
}
