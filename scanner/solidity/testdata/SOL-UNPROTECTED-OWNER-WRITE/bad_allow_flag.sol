pragma solidity ^0.8.19;

// The same shapes where a set entry lets the caller in: anyone who sets
// its own entry passes every later check.
contract C210 {
    mapping(address => bool) public d10;
    uint256 public t10;

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function f1(uint256 a) external {
        require(a < 10, "big");
        d10[msg.sender] = true;
    }

    function f2(uint256 a) external {
        require(d10[msg.sender] && a < 10, "no");
        t10 = a;
        payable(msg.sender).transfer(address(this).balance);
    }

    function f3(uint256 a) external {
        if (a > 1 ether || !d10[msg.sender]) revert();
        t10 = a;
    }

    function f4() external view returns (bool) {
        if (d10[msg.sender]) {
            return true;
        }
        return false;
    }
}
