pragma solidity ^0.8.19;

// A bridge relays messages only from the other chain's messenger, whose
// address arrives aliased: the check maps the caller through a pure
// function and compares it with the stored messenger.
library A38 {
    uint160 internal constant OFFSET = uint160(0x1111000000000000000000000000000000001111);

    function undo(address a) internal pure returns (address) {
        unchecked {
            return address(uint160(a) - OFFSET);
        }
    }
}

contract C238 {
    address internal m38;

    constructor(address m) {
        m38 = m;
    }

    function relay(address t, bytes calldata d) external {
        require(A38.undo(msg.sender) == m38, "not the messenger");
        // ok: SOL-ARBITRARY-CALL
        (bool ok, ) = t.call(d);
        require(ok);
    }
}
