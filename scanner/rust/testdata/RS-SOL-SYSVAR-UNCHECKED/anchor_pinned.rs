use anchor_lang::prelude::*;
use anchor_lang::solana_program::sysvar::instructions as tx_instructions;

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod guard {
    use super::*;

    pub fn trade(ctx: Context<Trade>) -> Result<()> {
        only_instruction(&ctx.accounts.instructions)
    }
}

fn only_instruction(ixs: &UncheckedAccount) -> Result<()> {
    let data = ixs.try_borrow_data()?;
    // The account is pinned with address = tx_instructions::ID below.
    // ok: RS-SOL-SYSVAR-UNCHECKED
    match tx_instructions::load_instruction_at(1, &data) {
        Ok(_) => err!(GuardError::TooManyInstructions),
        Err(_) => Ok(()),
    }
}

#[derive(Accounts)]
pub struct Trade<'info> {
    pub trader: Signer<'info>,
    /// CHECK: the instructions sysvar
    #[account(address = tx_instructions::ID)]
    pub instructions: UncheckedAccount<'info>,
}

#[error_code]
pub enum GuardError {
    TooManyInstructions,
}
