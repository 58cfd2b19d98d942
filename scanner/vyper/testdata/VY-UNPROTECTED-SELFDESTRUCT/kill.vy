# @version 0.3.7

owner: address

@external
def kill(to: address):
    # ruleid: VY-UNPROTECTED-SELFDESTRUCT
    selfdestruct(to)
