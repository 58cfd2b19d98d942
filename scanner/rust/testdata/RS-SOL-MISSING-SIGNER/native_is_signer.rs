use borsh::{BorshDeserialize, BorshSerialize};
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint::ProgramResult,
    program_error::ProgramError,
    pubkey::Pubkey,
};

#[derive(BorshSerialize, BorshDeserialize)]
pub struct Treasury {
    pub admin: Pubkey,
    pub withdraw_limit: u64,
}

pub fn set_limit(program_id: &Pubkey, accounts: &[AccountInfo], limit: u64) -> ProgramResult {
    let accounts_iter = &mut accounts.iter();
    let treasury_info = next_account_info(accounts_iter)?;
    let admin_info = next_account_info(accounts_iter)?;
    if treasury_info.owner != program_id {
        return Err(ProgramError::IncorrectProgramId);
    }
    if !admin_info.is_signer {
        return Err(ProgramError::MissingRequiredSignature);
    }
    let mut treasury = Treasury::try_from_slice(&treasury_info.data.borrow())?;
    // ok: RS-SOL-MISSING-SIGNER
    if treasury.admin != *admin_info.key {
        return Err(ProgramError::InvalidAccountData);
    }
    treasury.withdraw_limit = limit;
    treasury.serialize(&mut &mut treasury_info.data.borrow_mut()[..])?;
    Ok(())
}

pub fn read_limit(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let accounts_iter = &mut accounts.iter();
    let treasury_info = next_account_info(accounts_iter)?;
    let admin_info = next_account_info(accounts_iter)?;
    if treasury_info.owner != program_id {
        return Err(ProgramError::IncorrectProgramId);
    }
    let treasury = Treasury::try_from_slice(&treasury_info.data.borrow())?;
    // A read-only comparison: nothing is written, so no signature is needed.
    // ok: RS-SOL-MISSING-SIGNER
    if treasury.admin == *admin_info.key {
        solana_program::msg!("limit {}", treasury.withdraw_limit);
    }
    Ok(())
}
