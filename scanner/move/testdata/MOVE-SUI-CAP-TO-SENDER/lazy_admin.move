module dao::council {
    public struct CouncilCap has key {
        id: UID,
        seat: u8,
    }

    fun init(ctx: &mut TxContext) {
        let cap = CouncilCap { id: object::new(ctx), seat: 0 };
        transfer::transfer(cap, tx_context::sender(ctx));
    }

    /// Seats were meant to be handed out by the council, but nothing checks it.
    public entry fun join(seat: u8, ctx: &mut TxContext) {
        let cap = CouncilCap { id: object::new(ctx), seat };
        // ruleid: MOVE-SUI-CAP-TO-SENDER
        transfer::transfer(cap, ctx.sender());
    }
}
