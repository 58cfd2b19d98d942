use cosmwasm_std::{Deps, StdResult, Uint128};

pub fn query_quote(_deps: Deps, amount: Uint128, fee: Uint128) -> StdResult<Uint128> {
    // ruleid: RS-CW-UINT-MATH
    Ok(amount * Uint128::new(10_000) - fee)
}
