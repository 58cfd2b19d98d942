module amm::math;

public fun mul_div(a: u64, b: u64, c: u64): u64 {
    // ruleid: MOVE-UNCHECKED-CAST
    (((a as u128) * (b as u128) / (c as u128)) as u64)
}

public fun shares(total: u128, part: u64): u64 {
    // ruleid: MOVE-UNCHECKED-CAST
    (total as u64) + part
}
