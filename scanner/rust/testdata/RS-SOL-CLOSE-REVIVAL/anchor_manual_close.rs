use anchor_lang::prelude::*;

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod raffle {
    use super::*;

    pub fn close_ticket(ctx: Context<CloseTicket>) -> Result<()> {
        let ticket = ctx.accounts.ticket.to_account_info();
        let dest = ctx.accounts.owner.to_account_info();
        **dest.try_borrow_mut_lamports()? += ticket.lamports();
        // ruleid: RS-SOL-CLOSE-REVIVAL
        **ticket.try_borrow_mut_lamports()? = 0;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct CloseTicket<'info> {
    #[account(mut)]
    pub owner: Signer<'info>,
    #[account(mut, has_one = owner)]
    pub ticket: Account<'info, Ticket>,
}

#[account]
pub struct Ticket {
    pub owner: Pubkey,
    pub number: u32,
}
