use anchor_lang::prelude::*;

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod positions {
    use super::*;

    pub fn merge(ctx: Context<Merge>) -> Result<()> {
        let size = ctx.accounts.source.size;
        ctx.accounts.target.size += size;
        ctx.accounts.source.size = 0;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Merge<'info> {
    pub trader: Signer<'info>,
    #[account(mut, constraint = source.trader == trader.key())]
    pub source: Box<Account<'info, Position>>,
    #[account(mut, constraint = target.trader == trader.key())]
    // ruleid: RS-SOL-DUPLICATE-MUT
    pub target: Box<Account<'info, Position>>,
}

#[account]
pub struct Position {
    pub trader: Pubkey,
    pub size: u64,
}
