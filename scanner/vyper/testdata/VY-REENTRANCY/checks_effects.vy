#pragma version ^0.4.0

balances: public(HashMap[address, uint256])

@external
def withdraw():
    amount: uint256 = self.balances[msg.sender]
    self.balances[msg.sender] = 0
    # ok: VY-REENTRANCY
    raw_call(msg.sender, b"", value=amount)

@external
def refund(to: address, amount: uint256):
    self.balances[to] -= amount
    # ok: VY-REENTRANCY
    send(to, amount)
    self.balances[msg.sender] += 1

@external
def peek(who: address) -> uint256:
    # ok: VY-REENTRANCY
    raw_call(who, b"", is_static_call=True)
    self.balances[who] += 0
    return 0
