use cosmwasm_std::{Addr, Deps, StdResult};

pub fn is_burn_address(_deps: Deps, addr: &Addr) -> StdResult<bool> {
    // ok: RS-CW-ADDR-UNCHECKED
    Ok(addr == Addr::unchecked("burn"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cosmwasm_std::testing::mock_dependencies;

    #[test]
    fn burn() {
        let deps = mock_dependencies();
        let user = String::from("user");
        // ok: RS-CW-ADDR-UNCHECKED
        assert!(!is_burn_address(deps.as_ref(), &Addr::unchecked(user)).unwrap());
    }
}
