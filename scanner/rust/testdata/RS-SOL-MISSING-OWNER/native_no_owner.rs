use borsh::{BorshDeserialize, BorshSerialize};
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint::ProgramResult,
    program::invoke_signed,
    program_error::ProgramError,
    pubkey::Pubkey,
    system_instruction,
};

#[derive(BorshSerialize, BorshDeserialize)]
pub struct Escrow {
    pub is_initialized: bool,
    pub maker: Pubkey,
    pub amount: u64,
    pub bump: u8,
}

pub fn process_cancel(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let maker = next_account_info(iter)?;
    let escrow_info = next_account_info(iter)?;
    let vault = next_account_info(iter)?;
    if !maker.is_signer {
        return Err(ProgramError::MissingRequiredSignature);
    }
    // ruleid: RS-SOL-MISSING-OWNER
    let escrow = Escrow::try_from_slice(&escrow_info.data.borrow())?;
    if escrow.maker != *maker.key {
        return Err(ProgramError::InvalidAccountData);
    }
    let seeds: &[&[u8]] = &[b"vault", escrow_info.key.as_ref(), &[escrow.bump]];
    invoke_signed(
        &system_instruction::transfer(vault.key, maker.key, escrow.amount),
        &[vault.clone(), maker.clone()],
        &[seeds],
    )?;
    let _ = program_id;
    Ok(())
}
