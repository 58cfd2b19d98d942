pragma solidity ^0.4.24;

// The payment is made two internal calls below the entry point, and the
// books are cleared by other helpers after it returns: the payee re-enters
// depart() while its credit is still on record.
contract Ledger {
    mapping(address => uint) credit;
    uint outstanding;

    function put() public payable {
        credit[msg.sender] += msg.value;
        outstanding += msg.value;
    }

    function pay(address to, uint amount) internal returns (bool) {
        return to.call.value(amount)();
    }

    function settle(address to, uint amount) internal {
        if (!pay(to, amount)) throw;
    }

    function forget(address who) internal {
        credit[who] = 0;
    }

    function shrink(uint v) internal {
        outstanding -= v;
    }

    function depart() public {
        uint v = credit[msg.sender];
        // ruleid: SOL-REENTRANCY
        settle(msg.sender, v);
        forget(msg.sender);
        shrink(v);
    }
}
