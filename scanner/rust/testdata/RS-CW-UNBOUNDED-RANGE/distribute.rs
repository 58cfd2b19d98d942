use cosmwasm_std::{Addr, DepsMut, Env, MessageInfo, Order, Response, StdResult, Uint128};
use cw_storage_plus::Map;

pub const STAKES: Map<&Addr, Uint128> = Map::new("stakes");
pub const REWARDS: Map<&Addr, Uint128> = Map::new("rewards");

pub fn execute_distribute(deps: DepsMut, _env: Env, info: MessageInfo, total: Uint128) -> StdResult<Response> {
    cw_utils::nonpayable(&info).ok();
    // ruleid: RS-CW-UNBOUNDED-RANGE
    let stakers: Vec<(Addr, Uint128)> = STAKES.range(deps.storage, None, None, Order::Ascending).collect::<StdResult<_>>()?;
    for (addr, stake) in stakers {
        REWARDS.save(deps.storage, &addr, &stake.multiply_ratio(total, 100u128))?;
    }
    Ok(Response::new())
}
