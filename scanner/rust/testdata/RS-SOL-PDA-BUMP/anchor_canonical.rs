use anchor_lang::prelude::*;

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod escrow {
    use super::*;

    pub fn open(ctx: Context<Open>) -> Result<()> {
        ctx.accounts.escrow.bump = ctx.bumps.escrow;
        Ok(())
    }

    pub fn deposit(ctx: Context<Deposit>, amount: u64) -> Result<()> {
        ctx.accounts.escrow.amount = ctx.accounts.escrow.amount.checked_add(amount).unwrap();
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Open<'info> {
    #[account(mut)]
    pub user: Signer<'info>,
    #[account(init, payer = user, space = 8 + 8 + 1, seeds = [b"escrow", user.key().as_ref()], bump)]
    // ok: RS-SOL-PDA-BUMP
    pub escrow: Account<'info, Escrow>,
    pub system_program: Program<'info, System>,
}

#[derive(Accounts)]
#[instruction(amount: u64)]
pub struct Deposit<'info> {
    pub user: Signer<'info>,
    #[account(mut, seeds = [b"escrow", user.key().as_ref()], bump = escrow.bump)]
    // ok: RS-SOL-PDA-BUMP
    pub escrow: Account<'info, Escrow>,
}

#[account]
pub struct Escrow {
    pub amount: u64,
    pub bump: u8,
}
