# @version 0.3.9

interface Token:
    def transfer(to: address, amount: uint256) -> bool: nonpayable
    def balanceOf(who: address) -> uint256: view

shares: HashMap[address, uint256]
total: uint256

@external
def redeem(token: address, amount: uint256):
    assert self.shares[msg.sender] >= amount
    # ruleid: VY-REENTRANCY
    Token(token).transfer(msg.sender, amount)
    self.shares[msg.sender] -= amount
    self.total -= amount

@external
def sweep(token: address, to: address):
    bal: uint256 = Token(token).balanceOf(self)
    if bal > 0:
        # ruleid: VY-REENTRANCY
        Token(token).transfer(to, bal)
    self.total = 0
