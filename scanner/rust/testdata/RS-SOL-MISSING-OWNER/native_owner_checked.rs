use borsh::{BorshDeserialize, BorshSerialize};
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint::ProgramResult,
    program_error::ProgramError,
    program_pack::Pack,
    pubkey::Pubkey,
};

#[derive(BorshSerialize, BorshDeserialize)]
pub struct Counter {
    pub count: u64,
}

pub fn increment(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let counter_info = next_account_info(iter)?;
    if counter_info.owner != program_id {
        return Err(ProgramError::IncorrectProgramId);
    }
    // ok: RS-SOL-MISSING-OWNER
    let mut counter = Counter::try_from_slice(&counter_info.data.borrow())?;
    counter.count = counter.count.checked_add(1).ok_or(ProgramError::ArithmeticOverflow)?;
    counter.serialize(&mut &mut counter_info.data.borrow_mut()[..])?;
    Ok(())
}

pub fn read_mint(accounts: &[AccountInfo]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let mint_info = next_account_info(iter)?;
    if mint_info.owner != &spl_token::ID {
        return Err(ProgramError::IncorrectProgramId);
    }
    // ok: RS-SOL-MISSING-OWNER
    let mint = spl_token::state::Mint::unpack(&mint_info.data.borrow())?;
    solana_program::msg!("supply {}", mint.supply);
    Ok(())
}
