#pragma version ^0.4.0

@external
def pay(to: address, amount: uint256):
    # ruleid: VY-ARBITRARY-SEND
    send(to, amount)

@external
@payable
def forward(to: address):
    # ok: VY-ARBITRARY-SEND
    send(to, msg.value)
