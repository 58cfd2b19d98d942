#pragma version ^0.4.0

balances: HashMap[address, uint256]

@external
def withdraw_to(to: address, amount: uint256):
    self.balances[msg.sender] -= amount
    # ok: VY-ARBITRARY-SEND
    raw_call(to, b"", value=amount)
