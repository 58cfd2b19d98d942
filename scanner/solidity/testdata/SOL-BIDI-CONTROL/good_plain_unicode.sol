pragma solidity ^0.8.0;

// Ordinary non-ASCII text: accents, arrows and right-to-left script
// written without control characters. Café → صباح الخير
contract C92 {
    uint256 q1;

    function f1(uint256 v) external {
        // ok: SOL-BIDI-CONTROL
        string memory s = "naïve – ünïcode ✓";
        // ok: SOL-BIDI-CONTROL
        q1 = v; // שלום
    }
}
