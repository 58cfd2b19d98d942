use anchor_lang::prelude::*;

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod escrow {
    use super::*;

    pub fn deposit(ctx: Context<Deposit>, _bump: u8, amount: u64) -> Result<()> {
        ctx.accounts.escrow.amount = ctx.accounts.escrow.amount.checked_add(amount).unwrap();
        Ok(())
    }
}

#[derive(Accounts)]
#[instruction(bump: u8)]
pub struct Deposit<'info> {
    pub user: Signer<'info>,
    #[account(
        mut,
        seeds = [b"escrow", user.key().as_ref()],
        bump = bump,
    )]
    // ruleid: RS-SOL-PDA-BUMP
    pub escrow: Account<'info, Escrow>,
}

#[account]
pub struct Escrow {
    pub amount: u64,
    pub bump: u8,
}
