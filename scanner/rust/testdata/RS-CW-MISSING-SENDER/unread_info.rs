use cosmwasm_std::{entry_point, to_json_binary, Addr, DepsMut, Env, MessageInfo, Response, StdResult, Uint128};
use cw_storage_plus::Item;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Clone)]
pub struct Config {
    pub owner: Addr,
    pub fee: Uint128,
}

pub const CONFIG: Item<Config> = Item::new("config");

#[derive(Serialize, Deserialize)]
pub enum ExecuteMsg {
    SetFee { fee: Uint128 },
    SetOwner { owner: String },
}

#[cfg_attr(not(feature = "library"), entry_point)]
pub fn execute(deps: DepsMut, env: Env, info: MessageInfo, msg: ExecuteMsg) -> StdResult<Response> {
    match msg {
        ExecuteMsg::SetFee { fee } => execute_set_fee(deps, env, info, fee),
        ExecuteMsg::SetOwner { owner } => execute_set_owner(deps, info, owner),
    }
}

// ruleid: RS-CW-MISSING-SENDER
pub fn execute_set_fee(deps: DepsMut, _env: Env, _info: MessageInfo, fee: Uint128) -> StdResult<Response> {
    CONFIG.update(deps.storage, |mut c| -> StdResult<_> {
        c.fee = fee;
        Ok(c)
    })?;
    Ok(Response::new().add_attribute("action", "set_fee"))
}

pub fn execute_set_owner(deps: DepsMut, info: MessageInfo, owner: String) -> StdResult<Response> {
    let mut config = CONFIG.load(deps.storage)?;
    if info.sender != config.owner {
        return Err(cosmwasm_std::StdError::generic_err("unauthorized"));
    }
    config.owner = deps.api.addr_validate(&owner)?;
    CONFIG.save(deps.storage, &config)?;
    let _ = to_json_binary(&config.owner)?;
    Ok(Response::new())
}

// Reads the funds but never the sender: anyone who pays may reset the fee.
// ruleid: RS-CW-MISSING-SENDER
pub fn execute_reset_fee(deps: DepsMut, info: MessageInfo) -> StdResult<Response> {
    if !info.funds.is_empty() {
        return Err(cosmwasm_std::StdError::generic_err("no funds accepted"));
    }
    CONFIG.update(deps.storage, |mut c| -> StdResult<_> {
        c.fee = Uint128::zero();
        Ok(c)
    })?;
    Ok(Response::new())
}

// ok: RS-CW-MISSING-SENDER
pub fn execute_admin_reset(deps: DepsMut, info: MessageInfo) -> StdResult<Response> {
    assert_owner(deps.as_ref(), &info)?;
    CONFIG.update(deps.storage, |mut c| -> StdResult<_> {
        c.fee = Uint128::zero();
        Ok(c)
    })?;
    Ok(Response::new())
}

fn assert_owner(deps: cosmwasm_std::Deps, info: &MessageInfo) -> StdResult<()> {
    if CONFIG.load(deps.storage)?.owner != info.sender {
        return Err(cosmwasm_std::StdError::generic_err("unauthorized"));
    }
    Ok(())
}
