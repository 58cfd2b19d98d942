#pragma version ^0.4.0

@external
def pay(to: address, amount: uint256):
    # ruleid: VY-UNCHECKED-RAW-CALL
    raw_call(to, b"", value=amount, revert_on_failure=False)

@external
def call_out(target: address, data: Bytes[100]):
    # ruleid: VY-UNCHECKED-RAW-CALL
    success: bool = raw_call(target, data, revert_on_failure=False)
