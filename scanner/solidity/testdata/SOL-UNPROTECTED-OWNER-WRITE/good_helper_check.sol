pragma solidity ^0.8.20;

// OpenZeppelin 5's shape: the modifier calls a helper that compares a
// getter with _msgSender() and reverts with a custom error.
abstract contract Ctx {
    function _msgSender() internal view virtual returns (address) {
        return msg.sender;
    }
}

contract Own is Ctx {
    error Unauthorized(address who);
    address private _o;

    modifier gate() {
        _check();
        _;
    }

    function current() public view returns (address) {
        return _o;
    }

    function _check() internal view {
        if (current() != _msgSender()) {
            revert Unauthorized(_msgSender());
        }
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function hand(address n) external gate {
        _o = n;
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function drop() external {
        _check();
        _o = address(0);
    }
}
