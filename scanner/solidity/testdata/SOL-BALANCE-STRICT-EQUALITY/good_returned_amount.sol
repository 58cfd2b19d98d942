pragma solidity ^0.8.0;

// The balance itself is returned, or compared with an inequality or with
// the books the contract keeps.
contract K402 {
    uint256 s1;

    function v1() public view returns (uint256) {
        // ok: SOL-BALANCE-STRICT-EQUALITY
        return address(this).balance;
    }

    function v2() public view returns (bool) {
        // ok: SOL-BALANCE-STRICT-EQUALITY
        return address(address(this)).balance >= 5 ether;
    }

    function v3() public view returns (bool) {
        // ok: SOL-BALANCE-STRICT-EQUALITY
        return s1 == 5 ether;
    }

    function f1() external payable {
        s1 += msg.value;
    }
}
