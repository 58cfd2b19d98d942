use borsh::{BorshDeserialize, BorshSerialize};
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint::ProgramResult,
    program_error::ProgramError,
    pubkey::Pubkey,
};

#[derive(BorshSerialize, BorshDeserialize)]
pub struct Market {
    pub price: u64,
    pub supply: u64,
}

pub fn buy(program_id: &Pubkey, accounts: &[AccountInfo], quantity: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let market_info = next_account_info(iter)?;
    if market_info.owner != program_id {
        return Err(ProgramError::IncorrectProgramId);
    }
    let mut market = Market::try_from_slice(&market_info.data.borrow())?;
    // ruleid: RS-SOL-UNCHECKED-MATH
    let cost = market.price * quantity;
    // ruleid: RS-SOL-UNCHECKED-MATH
    market.supply = market.supply - quantity;
    solana_program::msg!("cost {}", cost);
    market.serialize(&mut &mut market_info.data.borrow_mut()[..])?;
    Ok(())
}
