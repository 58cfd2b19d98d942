#pragma version ^0.4.0

failed: public(uint256)

@external
def forward(target: address, data: Bytes[100]) -> Bytes[32]:
    success: bool = False
    response: Bytes[32] = b""
    # ok: VY-UNCHECKED-RAW-CALL
    success, response = raw_call(target, data, max_outsize=32, revert_on_failure=False)
    if not success:
        self.failed += 1
    return response
