pragma solidity ^0.8.19;

// Withdrawals in a token the caller names: a token the caller deployed
// runs its own code in transfer and re-enters before the balance is
// cleared.
interface T49 {
    function transfer(address to, uint256 v) external returns (bool);
}

contract C249 {
    mapping(address => mapping(address => uint256)) internal d49;

    function withdraw(address token) external {
        // ruleid: SOL-REENTRANCY
        require(T49(token).transfer(msg.sender, d49[token][msg.sender]));
        d49[token][msg.sender] = 0;
    }
}
