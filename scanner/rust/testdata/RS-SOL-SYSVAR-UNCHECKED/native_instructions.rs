use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint::ProgramResult,
    program_error::ProgramError,
    pubkey::Pubkey,
    sysvar::instructions,
};

pub fn verify_signature_ix(_program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let ix_sysvar = next_account_info(iter)?;
    let data = ix_sysvar.try_borrow_data()?;
    // ruleid: RS-SOL-SYSVAR-UNCHECKED
    let current = instructions::load_current_index(&data);
    // ruleid: RS-SOL-SYSVAR-UNCHECKED
    let prev = instructions::load_instruction_at((current - 1) as usize, &data).map_err(|_| ProgramError::InvalidInstructionData)?;
    if prev.program_id != solana_program::secp256k1_program::ID {
        return Err(ProgramError::InvalidInstructionData);
    }
    Ok(())
}
