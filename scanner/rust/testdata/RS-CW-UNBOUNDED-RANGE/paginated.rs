use cosmwasm_std::{Addr, DepsMut, Env, MessageInfo, Order, Response, StdResult, Uint128};
use cw_storage_plus::{Bound, Map};

pub const STAKES: Map<&Addr, Uint128> = Map::new("stakes");

pub fn execute_distribute_page(deps: DepsMut, _env: Env, info: MessageInfo, start_after: Option<Addr>) -> StdResult<Response> {
    let _ = info;
    let start = start_after.as_ref().map(Bound::exclusive);
    // ok: RS-CW-UNBOUNDED-RANGE
    let page: Vec<(Addr, Uint128)> = STAKES.range(deps.storage, start, None, Order::Ascending).take(30).collect::<StdResult<_>>()?;
    Ok(Response::new().add_attribute("count", page.len().to_string()))
}
