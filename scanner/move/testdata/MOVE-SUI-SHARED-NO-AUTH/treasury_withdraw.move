module treasury::vault;

use sui::balance::{Self, Balance};
use sui::coin::{Self, Coin};
use sui::sui::SUI;

public struct Vault has key {
    id: UID,
    funds: Balance<SUI>,
    owner: address,
}

public struct OwnerCap has key, store { id: UID }

fun init(ctx: &mut TxContext) {
    transfer::share_object(Vault { id: object::new(ctx), funds: balance::zero(), owner: ctx.sender() });
    transfer::transfer(OwnerCap { id: object::new(ctx) }, ctx.sender());
}

public fun deposit(vault: &mut Vault, c: Coin<SUI>) {
    // ok: MOVE-SUI-SHARED-NO-AUTH
    vault.funds.join(c.into_balance());
}

public fun withdraw(vault: &mut Vault, amount: u64, ctx: &mut TxContext): Coin<SUI> {
    // ruleid: MOVE-SUI-SHARED-NO-AUTH
    coin::take(&mut vault.funds, amount, ctx)
}

public fun drain(vault: &mut Vault, ctx: &mut TxContext) {
    // ruleid: MOVE-SUI-SHARED-NO-AUTH
    let all = balance::withdraw_all(&mut vault.funds);
    transfer::public_transfer(coin::from_balance(all, ctx), ctx.sender());
}

public fun skim(vault: &mut Vault, amount: u64, ctx: &mut TxContext) {
    // ruleid: MOVE-SUI-SHARED-NO-AUTH
    let part = vault.funds.split(amount);
    transfer::public_transfer(coin::from_balance(part, ctx), ctx.sender());
}

public fun withdraw_owner(vault: &mut Vault, _cap: &OwnerCap, amount: u64, ctx: &mut TxContext): Coin<SUI> {
    // ok: MOVE-SUI-SHARED-NO-AUTH
    coin::take(&mut vault.funds, amount, ctx)
}

public fun withdraw_checked(vault: &mut Vault, amount: u64, ctx: &mut TxContext): Coin<SUI> {
    assert!(vault.owner == ctx.sender(), 0);
    // ok: MOVE-SUI-SHARED-NO-AUTH
    coin::take(&mut vault.funds, amount, ctx)
}
