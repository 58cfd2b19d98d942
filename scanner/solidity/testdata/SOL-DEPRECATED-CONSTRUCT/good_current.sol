pragma solidity ^0.8.0;

// The current spellings of the same operations.
contract C3 {
    uint q1 = 365 days;
    address payable q2;

    // ok: SOL-DEPRECATED-CONSTRUCT
    function f1(uint a) public pure returns (bytes32) {
        // ok: SOL-DEPRECATED-CONSTRUCT
        return keccak256(abi.encode(a));
    }

    function f2(uint a) public {
        // ok: SOL-DEPRECATED-CONSTRUCT
        if (a == 0) revert();
        // ok: SOL-DEPRECATED-CONSTRUCT
        uint b = a + 1;
        q1 = b;
    }

    function f3() public view returns (bytes32, uint) {
        // ok: SOL-DEPRECATED-CONSTRUCT
        bytes32 h = blockhash(block.number - 1);
        // ok: SOL-DEPRECATED-CONSTRUCT
        return (h, gasleft() + block.timestamp);
    }

    function f4(bytes calldata d) public {
        require(msg.sender == q2);
        // ok: SOL-DEPRECATED-CONSTRUCT
        (bool ok, ) = q2.delegatecall(d);
        require(ok);
    }
}
