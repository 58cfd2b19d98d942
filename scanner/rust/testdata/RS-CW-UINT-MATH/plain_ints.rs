use cosmwasm_std::{Deps, StdResult};

pub fn query_pages(_deps: Deps, total: u64, page: u64) -> StdResult<u64> {
    // ok: RS-CW-UINT-MATH
    Ok((total + page - 1) / page)
}
