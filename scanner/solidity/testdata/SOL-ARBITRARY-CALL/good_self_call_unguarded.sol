pragma solidity ^0.8.19;

// A batch of calls to the contract's own functions, none of which trusts
// the contract as caller: each applies its own checks to msg.sender,
// which is the contract here and gains nothing.
contract C245 {
    mapping(address => uint256) public b45;

    function batch(bytes[] calldata ds) external {
        for (uint256 i = 0; i < ds.length; i++) {
            // ok: SOL-ARBITRARY-CALL
            (bool ok, ) = address(this).call(ds[i]);
            require(ok);
        }
    }

    function deposit() external payable {
        b45[msg.sender] += msg.value;
    }
}
