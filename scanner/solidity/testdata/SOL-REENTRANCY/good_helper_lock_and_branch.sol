pragma solidity ^0.8.20;

// OpenZeppelin 5's lock shape (helpers before and after "_"), and a write
// on the other arm of a branch, which the call can never reach.
contract Guarded {
    uint256 private constant NOT_ENTERED = 1;
    uint256 private constant ENTERED = 2;
    uint256 private status = NOT_ENTERED;
    mapping(address => uint256) public owed;

    error Reentered();

    modifier gate() {
        _before();
        _;
        _after();
    }

    function _before() private {
        if (status == ENTERED) {
            revert Reentered();
        }
        status = ENTERED;
    }

    function _after() private {
        status = NOT_ENTERED;
    }

    function pull() external gate {
        // ok: SOL-REENTRANCY
        (bool ok, ) = msg.sender.call{value: owed[msg.sender]}("");
        require(ok);
        owed[msg.sender] = 0;
    }

    function settle(bool pay) external {
        uint256 v = owed[msg.sender];
        if (pay) {
            owed[msg.sender] = 0;
            // ok: SOL-REENTRANCY
            (bool ok, ) = msg.sender.call{value: v}("");
            require(ok);
        } else {
            owed[msg.sender] = v + 1;
        }
    }
}
