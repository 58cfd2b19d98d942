pragma solidity ^0.8.0;

// A seat taken once (until the game settles) by whoever pays its price:
// the one-shot check guards a purchase, not an initialiser, though the
// seat is what a guard later compares the caller with.
contract C43 {
    address q1;
    bytes32 q2;
    uint256 q3;
    uint256 public constant K1 = 256;

    // ok: SOL-UNPROTECTED-INITIALIZER
    function f1(bytes32 g) external payable {
        require(q1 == address(0), "taken");
        require(msg.value == 1 ether, "price");
        q1 = msg.sender;
        q2 = g;
        q3 = block.number + 1;
    }

    function f2() external {
        require(msg.sender == q1, "player");
        require(block.number > q3, "early");
        require(block.number - q3 <= K1, "expired");
        bytes32 h = blockhash(q3);
        address w = q1;
        q1 = address(0);
        if (h == q2) {
            payable(w).transfer(2 ether);
        }
    }
}
