use borsh::{BorshDeserialize, BorshSerialize};
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint::ProgramResult,
    program_error::ProgramError,
    pubkey::Pubkey,
};

#[derive(BorshSerialize, BorshDeserialize)]
pub struct User {
    pub authority: Pubkey,
    pub balance: u64,
}

#[derive(BorshSerialize, BorshDeserialize)]
pub struct Admin {
    pub authority: Pubkey,
    pub fee: u64,
}

pub fn set_fee(program_id: &Pubkey, accounts: &[AccountInfo], fee: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let admin_info = next_account_info(iter)?;
    let signer = next_account_info(iter)?;
    if admin_info.owner != program_id || !signer.is_signer {
        return Err(ProgramError::IncorrectProgramId);
    }
    // ruleid: RS-SOL-TYPE-COSPLAY
    let mut admin = Admin::try_from_slice(&admin_info.data.borrow())?;
    if admin.authority != *signer.key {
        return Err(ProgramError::InvalidAccountData);
    }
    admin.fee = fee;
    admin.serialize(&mut &mut admin_info.data.borrow_mut()[..])?;
    Ok(())
}

pub fn deposit(program_id: &Pubkey, accounts: &[AccountInfo], amount: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let user_info = next_account_info(iter)?;
    if user_info.owner != program_id {
        return Err(ProgramError::IncorrectProgramId);
    }
    // ruleid: RS-SOL-TYPE-COSPLAY
    let mut user = User::try_from_slice(&user_info.data.borrow())?;
    user.balance = user.balance.checked_add(amount).ok_or(ProgramError::ArithmeticOverflow)?;
    user.serialize(&mut &mut user_info.data.borrow_mut()[..])?;
    Ok(())
}
