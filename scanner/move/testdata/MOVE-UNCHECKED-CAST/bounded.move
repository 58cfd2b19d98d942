module amm::safe_math;

const MAX_U64: u128 = 18446744073709551615;
const EOverflow: u64 = 1;

public fun mul_div(a: u64, b: u64, c: u64): u64 {
    let r = (a as u128) * (b as u128) / (c as u128);
    assert!(r <= MAX_U64, EOverflow);
    // ok: MOVE-UNCHECKED-CAST
    (r as u64)
}

public fun widen(a: u64): u128 {
    // ok: MOVE-UNCHECKED-CAST
    (a as u128)
}
