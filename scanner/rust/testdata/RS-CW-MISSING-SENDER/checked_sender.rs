use cosmwasm_std::{entry_point, Addr, DepsMut, Env, MessageInfo, Response, StdError, StdResult, Uint128};
use cw_storage_plus::{Item, Map};

pub const OWNER: Item<Addr> = Item::new("owner");
pub const LIMITS: Map<&Addr, Uint128> = Map::new("limits");

pub enum ExecuteMsg {
    SetLimit { account: String, limit: Uint128 },
}

#[entry_point]
pub fn instantiate(deps: DepsMut, _env: Env, _info: MessageInfo, owner: String) -> StdResult<Response> {
    // ok: RS-CW-MISSING-SENDER
    OWNER.save(deps.storage, &deps.api.addr_validate(&owner)?)?;
    Ok(Response::new())
}

#[entry_point]
pub fn execute(deps: DepsMut, env: Env, info: MessageInfo, msg: ExecuteMsg) -> StdResult<Response> {
    match msg {
        // ok: RS-CW-MISSING-SENDER
        ExecuteMsg::SetLimit { account, limit } => set_limit(deps, env, info, account, limit),
    }
}

// ok: RS-CW-MISSING-SENDER
fn set_limit(deps: DepsMut, _env: Env, info: MessageInfo, account: String, limit: Uint128) -> StdResult<Response> {
    if info.sender != OWNER.load(deps.storage)? {
        return Err(StdError::generic_err("unauthorized"));
    }
    let account = deps.api.addr_validate(&account)?;
    LIMITS.save(deps.storage, &account, &limit)?;
    Ok(Response::new())
}
