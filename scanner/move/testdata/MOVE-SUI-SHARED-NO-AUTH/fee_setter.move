module market::fees;

use sui::coin::Coin;
use sui::sui::SUI;

public struct Market has key {
    id: UID,
    admin: address,
    fee_bps: u64,
    treasury: address,
}

public struct AdminCap has key, store {
    id: UID,
}

fun init(ctx: &mut TxContext) {
    transfer::share_object(Market {
        id: object::new(ctx),
        admin: ctx.sender(),
        fee_bps: 30,
        treasury: ctx.sender(),
    });
    transfer::transfer(AdminCap { id: object::new(ctx) }, ctx.sender());
}

/// Anyone can call this on the shared market.
public fun set_fee(market: &mut Market, fee_bps: u64) {
    assert!(fee_bps <= 1_000, 0);
    // ruleid: MOVE-SUI-SHARED-NO-AUTH
    market.fee_bps = fee_bps;
}

public entry fun set_treasury(market: &mut Market, treasury: address, _ctx: &mut TxContext) {
    // ruleid: MOVE-SUI-SHARED-NO-AUTH
    market.treasury = treasury;
}

public fun set_fee_admin(market: &mut Market, _cap: &AdminCap, fee_bps: u64) {
    // ok: MOVE-SUI-SHARED-NO-AUTH
    market.fee_bps = fee_bps;
}

public fun pay(market: &Market, coin: Coin<SUI>) {
    transfer::public_transfer(coin, market.treasury);
}
