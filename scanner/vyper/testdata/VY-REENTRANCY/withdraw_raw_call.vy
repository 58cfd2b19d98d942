#pragma version ^0.4.0

balances: public(HashMap[address, uint256])

@external
@payable
def deposit():
    self.balances[msg.sender] += msg.value

@external
def withdraw():
    amount: uint256 = self.balances[msg.sender]
    # ruleid: VY-REENTRANCY
    raw_call(msg.sender, b"", value=amount)
    self.balances[msg.sender] = 0

@external
def withdraw_via_helper():
    amount: uint256 = self.balances[msg.sender]
    # ruleid: VY-REENTRANCY
    self._pay(msg.sender, amount)
    self._clear(msg.sender)

@internal
def _pay(to: address, amount: uint256):
    raw_call(to, b"", value=amount)

@internal
def _clear(who: address):
    self.balances[who] = 0
