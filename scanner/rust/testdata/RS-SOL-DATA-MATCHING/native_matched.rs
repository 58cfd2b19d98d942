use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint::ProgramResult,
    program_error::ProgramError,
    program_pack::Pack,
    pubkey::Pubkey,
};
use spl_token::state::Account as TokenAccount;

pub fn borrow(_program_id: &Pubkey, accounts: &[AccountInfo], amount: u64, collateral_mint: Pubkey) -> ProgramResult {
    let iter = &mut accounts.iter();
    let user = next_account_info(iter)?;
    let collateral_info = next_account_info(iter)?;
    if !user.is_signer || collateral_info.owner != &spl_token::ID {
        return Err(ProgramError::MissingRequiredSignature);
    }
    let collateral = TokenAccount::unpack(&collateral_info.data.borrow())?;
    if collateral.owner != *user.key || collateral.mint != collateral_mint {
        return Err(ProgramError::InvalidAccountData);
    }
    // ok: RS-SOL-DATA-MATCHING
    if collateral.amount < amount {
        return Err(ProgramError::InsufficientFunds);
    }
    Ok(())
}
