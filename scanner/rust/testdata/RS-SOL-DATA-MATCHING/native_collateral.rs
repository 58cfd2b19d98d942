use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint::ProgramResult,
    program_error::ProgramError,
    program_pack::Pack,
    pubkey::Pubkey,
};
use spl_token::state::Account as TokenAccount;

pub fn borrow(program_id: &Pubkey, accounts: &[AccountInfo], amount: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let user = next_account_info(iter)?;
    let collateral_info = next_account_info(iter)?;
    if !user.is_signer || collateral_info.owner != &spl_token::ID {
        return Err(ProgramError::MissingRequiredSignature);
    }
    let collateral = TokenAccount::unpack(&collateral_info.data.borrow())?;
    // ruleid: RS-SOL-DATA-MATCHING
    if collateral.amount < amount.checked_mul(2).ok_or(ProgramError::ArithmeticOverflow)? {
        return Err(ProgramError::InsufficientFunds);
    }
    let _ = program_id;
    Ok(())
}
