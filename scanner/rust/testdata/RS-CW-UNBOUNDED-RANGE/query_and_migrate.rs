use cosmwasm_std::{Addr, Deps, DepsMut, Env, Order, Response, StdResult, Uint128};
use cw_storage_plus::Map;

pub const STAKES: Map<&Addr, Uint128> = Map::new("stakes");

pub fn query_total(deps: Deps) -> StdResult<Uint128> {
    // ok: RS-CW-UNBOUNDED-RANGE
    STAKES.range(deps.storage, None, None, Order::Ascending).map(|r| r.map(|(_, v)| v)).sum()
}

pub fn migrate(deps: DepsMut, _env: Env) -> StdResult<Response> {
    // ok: RS-CW-UNBOUNDED-RANGE
    let all: Vec<(Addr, Uint128)> = STAKES.range(deps.storage, None, None, Order::Ascending).collect::<StdResult<_>>()?;
    Ok(Response::new().add_attribute("migrated", all.len().to_string()))
}
