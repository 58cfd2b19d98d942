module amm::price;

const SCALE: u64 = 1_000_000_000;

public fun quote(amount_in: u64, reserve_in: u64, reserve_out: u64): u64 {
    // ruleid: MOVE-DIV-BEFORE-MUL
    amount_in / reserve_in * reserve_out
}

public fun fee(amount: u64, fee_bps: u64): u64 {
    // ruleid: MOVE-DIV-BEFORE-MUL
    let per_unit = (amount / 10_000) * fee_bps;
    per_unit
}

public fun scaled_price(base: u64, quote: u64): u64 {
    // ok: MOVE-DIV-BEFORE-MUL
    (((quote as u128) * (SCALE as u128) / (base as u128)) as u64)
}
