use anchor_lang::prelude::*;

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod raffle {
    use super::*;

    pub fn close_ticket(_ctx: Context<CloseTicket>) -> Result<()> {
        Ok(())
    }

    pub fn settle(ctx: Context<Settle>) -> Result<()> {
        let pot = ctx.accounts.pot.to_account_info();
        let winner = ctx.accounts.winner.to_account_info();
        let prize = pot.lamports() / 2;
        **pot.try_borrow_mut_lamports()? -= prize;
        // ok: RS-SOL-CLOSE-REVIVAL
        **winner.try_borrow_mut_lamports()? += prize;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct CloseTicket<'info> {
    #[account(mut)]
    pub owner: Signer<'info>,
    // ok: RS-SOL-CLOSE-REVIVAL
    #[account(mut, has_one = owner, close = owner)]
    pub ticket: Account<'info, Ticket>,
}

#[derive(Accounts)]
pub struct Settle<'info> {
    pub authority: Signer<'info>,
    #[account(mut, has_one = authority)]
    pub pot: Account<'info, Pot>,
    /// CHECK: receives lamports
    #[account(mut)]
    pub winner: AccountInfo<'info>,
}

#[account]
pub struct Ticket {
    pub owner: Pubkey,
}

#[account]
pub struct Pot {
    pub authority: Pubkey,
}
