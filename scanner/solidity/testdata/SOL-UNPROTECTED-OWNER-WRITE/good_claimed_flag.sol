pragma solidity ^0.8.19;

// A once-per-account flag: every check turns a set entry away, alone or
// combined with other conditions, so setting the caller's own entry bars
// the caller and grants nothing.
contract C209 {
    mapping(address => bool) public d9;
    mapping(address => bool) public e9;
    uint256 public t9;

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f1(uint256 a) external {
        require(!d9[msg.sender] && a < 10, "done");
        d9[msg.sender] = true;
        t9 += a;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f2(uint256 a) external {
        if (a > 1 ether || e9[msg.sender]) revert();
        e9[msg.sender] = true;
        t9 += a;
    }

    function f3(uint256 a) external view returns (uint256) {
        if (d9[msg.sender]) {
            return 0;
        }
        return a;
    }
}
