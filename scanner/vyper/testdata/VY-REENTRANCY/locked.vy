# @version 0.3.10

interface Token:
    def transfer(to: address, amount: uint256) -> bool: nonpayable
    def balanceOf(who: address) -> uint256: view

shares: HashMap[address, uint256]

@external
@nonreentrant("lock")
def redeem(token: address, amount: uint256):
    # ok: VY-REENTRANCY
    Token(token).transfer(msg.sender, amount)
    self.shares[msg.sender] -= amount

@external
def record(token: address):
    # ok: VY-REENTRANCY
    bal: uint256 = Token(token).balanceOf(self)
    self.shares[msg.sender] = bal

@external
def branch(token: address, amount: uint256, flag: bool):
    if flag:
        # ok: VY-REENTRANCY
        Token(token).transfer(msg.sender, amount)
    else:
        self.shares[msg.sender] = amount
