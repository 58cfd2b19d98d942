use cosmwasm_std::{entry_point, Addr, DepsMut, Env, MessageInfo, Response, StdResult};
use cw_storage_plus::Item;

pub const MINTER: Item<Addr> = Item::new("minter");

pub struct InstantiateMsg {
    pub minter: String,
}

#[entry_point]
pub fn instantiate(deps: DepsMut, _env: Env, _info: MessageInfo, msg: InstantiateMsg) -> StdResult<Response> {
    // ruleid: RS-CW-ADDR-UNCHECKED
    MINTER.save(deps.storage, &Addr::unchecked(msg.minter))?;
    Ok(Response::new())
}
