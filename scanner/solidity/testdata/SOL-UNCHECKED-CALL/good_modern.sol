pragma solidity ^0.8.0;

contract Payout {
    function pay(address payable to, uint256 amount) external {
        // ok: SOL-UNCHECKED-CALL
        (bool ok, ) = to.call{value: amount}("");
        require(ok, "payment failed");
        // ok: SOL-UNCHECKED-CALL
        to.transfer(0);
    }
}
