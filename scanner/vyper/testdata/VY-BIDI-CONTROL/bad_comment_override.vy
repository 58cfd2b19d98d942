# @version 0.3.10

owner: public(address)
balances: HashMap[address, uint256]

@external
def withdraw(amount: uint256):
    # The override makes the comment below seem to hold the owner check
    # that the compiler never sees.
    # ruleid: VY-BIDI-CONTROL
    # ‮ assert msg.sender == self.owner ‬
    self.balances[msg.sender] -= amount
