module book::lots {
    /// Rounds down to a whole number of lots, on purpose.
    public fun round_to_lot(quantity: u64, lot_size: u64): u64 {
        // ok: MOVE-DIV-BEFORE-MUL
        quantity / lot_size * lot_size
    }
}
