pragma solidity ^0.8.0;

// ok: SOL-LOCKED-ETHER
contract Counter {
    uint256 public n;

    function inc() external {
        n += 1;
    }
}

// ok: SOL-LOCKED-ETHER
contract Forwarder {
    function forward(address to) external payable {
        (bool ok, ) = to.call{value: msg.value}("");
        require(ok);
    }
}
