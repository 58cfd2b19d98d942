use solana_program::{account_info::AccountInfo, program_error::ProgramError, program_pack::Pack};
use spl_token::state::Account as TokenAccount;

/// A helper: its callers pass accounts they have already validated, so the
/// owner check is theirs to make.
pub fn token_balance(account: &AccountInfo) -> Result<u64, ProgramError> {
    // ok: RS-SOL-MISSING-OWNER
    let token = TokenAccount::unpack(&account.data.borrow())?;
    Ok(token.amount)
}
