use solana_program::program_error::ProgramError;

/// Not handler code: a pure helper on plain integers.
pub fn fee(amount: u64, bps: u64) -> Result<u64, ProgramError> {
    // ok: RS-SOL-UNCHECKED-MATH
    let scaled = amount as u128 * bps as u128;
    Ok((scaled / 10_000) as u64)
}

pub const SPACE: usize = 8 + 32 + 8;
