# @version 0.3.10

owner: public(address)
balances: HashMap[address, uint256]

@external
def withdraw(amount: uint256):
    # ok: VY-BIDI-CONTROL
    assert msg.sender == self.owner  # only the owner
    self.balances[msg.sender] -= amount
