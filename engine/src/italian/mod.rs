//! Dama Italiana (Italian checkers, FID rules, PDN GameType 22), played on the 8x8 board of
//! [`crate::board8`]: the set-wise move generator with the FID capture precedence
//! ([`movegen`], [`capture`]), move text ([`notation`]), perft ([`perft`](mod@perft), its last two plies counted in bulk in `twoply`), the
//! evaluations ([`eval`]) and the [`Italian`] rules ([`rules`]).
//!
//! The rules as rules-italian.md gives them: men move and capture forward only and never capture
//! kings; kings move one square; captures are compulsory and the best capture by the four
//! precedence rules must be taken; a man reaching the far row is crowned and the move ends there.

pub mod capture;
pub mod eval;
pub mod movegen;
pub mod notation;
pub mod perft;
pub mod rules;
mod twoply;

pub use capture::{precedence_key, PathMode, PrecedenceKey};
pub use eval::EvalOptions;
pub use perft::{divide, divide_parallel, perft};
pub use rules::{Italian, QUIET_PLY_LIMIT};
