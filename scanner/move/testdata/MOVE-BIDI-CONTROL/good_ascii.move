module vault::bank {
    public struct Bank has key { id: UID, owner: address, total: u64 }

    public fun withdraw(bank: &mut Bank, amount: u64, ctx: &TxContext) {
        // ok: MOVE-BIDI-CONTROL
        assert!(ctx.sender() == bank.owner, 0); // only the owner
        bank.total = bank.total - amount;
    }
}
