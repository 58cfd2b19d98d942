module shop::receipts {
    use sui::coin::Coin;
    use sui::sui::SUI;

    public struct Receipt has key, store {
        id: UID,
        paid: u64,
    }

    public struct Shop has key {
        id: UID,
        owner: address,
    }

    fun init(ctx: &mut TxContext) {
        transfer::share_object(Shop { id: object::new(ctx), owner: ctx.sender() });
    }

    /// A receipt is not minted by init: handing one to the buyer is the point.
    public fun buy(shop: &Shop, coin: Coin<SUI>, ctx: &mut TxContext) {
        let paid = coin.value();
        transfer::public_transfer(coin, shop.owner);
        // ok: MOVE-SUI-CAP-TO-SENDER
        transfer::public_transfer(Receipt { id: object::new(ctx), paid }, ctx.sender());
    }
}
