pragma solidity ^0.8.0;

// The caller names the payee; an internal helper pays it from the
// contract's funds.
contract K801 {
    uint256 s1 = 21000;

    function h1(address a, uint256 x) internal {
        // ruleid: SOL-ARBITRARY-SEND
        payable(a).transfer(x);
    }

    function h2(address a, uint256 x) private {
        // ruleid: SOL-ARBITRARY-SEND
        (bool ok, ) = a.call{value: x}("");
        require(ok);
    }

    function f1(address a) external {
        h1(a, s1 * tx.gasprice);
    }

    function f2(address a, uint256 x) external {
        h2(a, x);
    }

    receive() external payable {}
}
