use cosmwasm_std::{Addr, DepsMut, Env, MessageInfo, Response, StdResult, Uint128};
use cw_storage_plus::Map;

pub const BALANCES: Map<&Addr, Uint128> = Map::new("balances");

pub fn execute_withdraw(deps: DepsMut, _env: Env, info: MessageInfo, amount: Uint128) -> StdResult<Response> {
    let balance: Uint128 = BALANCES.load(deps.storage, &info.sender)?;
    // ruleid: RS-CW-UINT-MATH
    let left = balance - amount;
    BALANCES.save(deps.storage, &info.sender, &left)?;
    Ok(Response::new())
}
