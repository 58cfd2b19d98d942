pragma solidity ^0.8.0;

// The comparison is handed to the caller instead of being required here,
// and the balance is read through a double conversion.
contract K401 {
    uint256 constant T = 5 ether;

    function v1() public view returns (bool) {
        // ruleid: SOL-BALANCE-STRICT-EQUALITY
        return address(this).balance == T;
    }

    function f1() external {
        require(v1(), "open");
        payable(msg.sender).transfer(address(this).balance);
    }

    function f2() external {
        // ruleid: SOL-BALANCE-STRICT-EQUALITY
        require(payable(address(address(this))).balance != T, "closed");
    }
}
