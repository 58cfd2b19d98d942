pragma solidity ^0.8.19;

// A pool's callback pays from the account named in data the router
// encoded, and only the pool it checks may call; a pull from an account
// the caller proves it is.
interface I25 {
    function transferFrom(address a, address b, uint256 v) external returns (bool);
    function transfer(address b, uint256 v) external returns (bool);
}

interface R25 {
    function onLoan(uint256 v, address initiator) external returns (bool);
}

contract C225 {
    I25 internal t25;
    address internal p25;

    function cb(uint256 v, bytes calldata data) external {
        require(msg.sender == p25, "not the pool");
        address payer = abi.decode(data, (address));
        // ok: SOL-ARBITRARY-FROM
        t25.transferFrom(payer, msg.sender, v);
    }

    function f1(address a, uint256 v) external {
        require(a == msg.sender, "not yours");
        // ok: SOL-ARBITRARY-FROM
        t25.transferFrom(a, address(this), v);
    }

    struct V25 {
        R25 r;
        uint256 fee;
    }

    // A flash loan: the receiver is asked, told who initiated, and must
    // agree before its repayment is pulled.
    function f2(address rcv, uint256 v) external {
        V25 memory vars;
        vars.r = R25(rcv);
        vars.fee = v / 1000;
        require(t25.transfer(rcv, v));
        require(vars.r.onLoan(v, msg.sender), "refused");
        // ok: SOL-ARBITRARY-FROM
        require(t25.transferFrom(rcv, address(this), v + vars.fee));
    }
}
