pragma solidity ^0.8.19;

// A modifier asks a caller-chosen contract through a view function before
// "_": from 0.5 on the call is a STATICCALL, so the callee cannot change
// state on the way back in.
interface I20 {
    function supports20(bytes4 id) external view returns (bool);
}

contract C220 {
    mapping(address => bool) public k20;

    modifier m20(address a) {
        require(I20(a).supports20(0x01ffc9a7));
        _;
    }

    // ok: SOL-REENTRANCY
    function f1(address a) external m20(a) {
        k20[a] = true;
    }
}
