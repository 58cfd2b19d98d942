module book::fees {
    public fun taker_fee(quantity: u64, price: u64, fee_bps: u64): u64 {
        // ok: MOVE-DIV-BEFORE-MUL
        let notional = quantity * price / 1_000_000_000;
        // ok: MOVE-DIV-BEFORE-MUL
        notional * fee_bps / 10_000
    }
}
