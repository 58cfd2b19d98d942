use cosmwasm_std::{entry_point, Addr, DepsMut, Env, MessageInfo, Response, StdError, StdResult};
use cw_storage_plus::{Item, Map};

pub const ADMIN: Item<Addr> = Item::new("admin");
pub const WHITELIST: Map<&Addr, bool> = Map::new("whitelist");

pub enum ExecuteMsg {
    Add { member: String },
    Remove { member: String },
}

#[entry_point]
pub fn execute(deps: DepsMut, _env: Env, info: MessageInfo, msg: ExecuteMsg) -> StdResult<Response> {
    match msg {
        ExecuteMsg::Add { member } => add_member(deps, info, member),
        // ruleid: RS-CW-MISSING-SENDER
        ExecuteMsg::Remove { member } => remove_member(deps, member),
    }
}

fn add_member(deps: DepsMut, info: MessageInfo, member: String) -> StdResult<Response> {
    if info.sender != ADMIN.load(deps.storage)? {
        return Err(StdError::generic_err("unauthorized"));
    }
    let addr = deps.api.addr_validate(&member)?;
    WHITELIST.save(deps.storage, &addr, &true)?;
    Ok(Response::new())
}

fn remove_member(deps: DepsMut, member: String) -> StdResult<Response> {
    let addr = deps.api.addr_validate(&member)?;
    WHITELIST.remove(deps.storage, &addr);
    Ok(Response::new())
}
