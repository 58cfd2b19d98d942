module vault::bank {
    public struct Bank has key { id: UID, owner: address, total: u64 }

    public fun withdraw(bank: &mut Bank, amount: u64, ctx: &TxContext) {
        // The override makes the comment seem to hold the owner check.
        // ruleid: MOVE-BIDI-CONTROL
        /* ‮ assert!(ctx.sender() == bank.owner, 0); ‬ */
        bank.total = bank.total - amount;
    }
}
