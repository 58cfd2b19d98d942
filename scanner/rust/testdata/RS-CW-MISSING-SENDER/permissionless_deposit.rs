use cosmwasm_std::{must_pay, DepsMut, Env, MessageInfo, Response, StdError, StdResult, Uint128};
use cw_storage_plus::Map;

pub const DEPOSITS: Map<&cosmwasm_std::Addr, Uint128> = Map::new("deposits");

// Anyone may deposit: the handler reads info for the payer and the funds.
// ok: RS-CW-MISSING-SENDER
pub fn execute_deposit(deps: DepsMut, _env: Env, info: MessageInfo) -> StdResult<Response> {
    let amount = must_pay(&info, "uatom").map_err(|e| StdError::generic_err(e.to_string()))?;
    DEPOSITS.update(deps.storage, &info.sender, |old| -> StdResult<_> {
        Ok(old.unwrap_or_default().checked_add(amount)?)
    })?;
    Ok(Response::new())
}

// ok: RS-CW-MISSING-SENDER
pub fn query_total(deps: cosmwasm_std::Deps, _info: MessageInfo) -> StdResult<Uint128> {
    let total = DEPOSITS
        .range(deps.storage, None, None, cosmwasm_std::Order::Ascending)
        .take(100)
        .map(|r| r.map(|(_, v)| v))
        .sum::<StdResult<Uint128>>()?;
    Ok(total)
}
