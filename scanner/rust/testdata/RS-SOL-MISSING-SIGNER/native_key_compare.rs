use borsh::{BorshDeserialize, BorshSerialize};
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    program_error::ProgramError,
    pubkey::Pubkey,
};

#[derive(BorshSerialize, BorshDeserialize)]
pub struct Treasury {
    pub kind: TreasuryKind,
    pub admin: Pubkey,
    pub withdraw_limit: u64,
}

#[derive(BorshSerialize, BorshDeserialize, PartialEq)]
pub enum TreasuryKind {
    Uninitialized,
    Treasury,
}

entrypoint!(process_instruction);

pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    let accounts_iter = &mut accounts.iter();
    let treasury_info = next_account_info(accounts_iter)?;
    let admin_info = next_account_info(accounts_iter)?;
    if treasury_info.owner != program_id {
        return Err(ProgramError::IncorrectProgramId);
    }
    let mut treasury = Treasury::try_from_slice(&treasury_info.data.borrow())?;
    // ruleid: RS-SOL-MISSING-SIGNER
    if treasury.admin != *admin_info.key {
        return Err(ProgramError::InvalidAccountData);
    }
    let limit = u64::from_le_bytes(data[..8].try_into().unwrap());
    treasury.withdraw_limit = limit;
    treasury.serialize(&mut &mut treasury_info.data.borrow_mut()[..])?;
    Ok(())
}
