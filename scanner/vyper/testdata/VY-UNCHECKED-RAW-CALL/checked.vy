#pragma version ^0.4.0

@external
def pay(to: address, amount: uint256):
    # ok: VY-UNCHECKED-RAW-CALL
    success: bool = raw_call(to, b"", value=amount, revert_on_failure=False)
    assert success, "payment failed"

@external
def pay_reverting(to: address, amount: uint256):
    # ok: VY-UNCHECKED-RAW-CALL
    raw_call(to, b"", value=amount)
