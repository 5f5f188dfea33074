//! International draughts (10x10, FMJD rules, PDN GameType 20): the board's geometry
//! ([`geometry`]), positions ([`position`]), moves ([`moves`]), FEN ([`fen`]), every move with its
//! path ([`paths`]), the search's generator ([`movegen`], set-wise in a padded bit layout, with its
//! capture search) and [`perft`](mod@perft), the FMJD endgame counts ([`counts`]), the evaluation
//! ([`eval`]) and the [`International`] rules ([`rules`]). The rules as
//! shared/variants.md gives them:
//!
//! - 50 playing squares numbered 1-50 row by row from Black's side (square 1 on the second column
//!   of Black's back row); White moves first, White's men upward (toward 1-5), Black's downward.
//! - Men step diagonally forward and **capture forward and backward**.
//! - **Flying kings** move any distance along an empty diagonal and capture a piece at any
//!   distance with empty squares between, landing on any empty square beyond it.
//! - **Majority capture**: the sequence taking the most pieces is compulsory (a king counts as
//!   one); among equal ones the player chooses.
//! - Captured pieces come off only after the move: they still block (a piece may not be jumped
//!   twice, and no piece may land on or pass a captured one).
//! - A man that reaches the far row during a capture and must go on capturing stays a man; it is
//!   crowned only when its move ends there.
//!
//! Moves are listed once per distinct (from, to, captured set), the convention of the published
//! perft table.

mod bits;
mod capture;
pub mod counts;
pub mod eval;
pub mod fen;
pub mod geometry;
pub mod learned;
pub mod movegen;
pub mod moves;
pub mod network_inputs;
pub mod paths;
pub mod perft;
pub mod position;
pub mod rules;
pub mod windows;

pub use counts::endgame_count;
pub use eval::evaluate;
pub use fen::{parse_fen, to_fen, FenError};
pub use geometry::SQUARES;
pub use movegen::{count_moves, generate};
pub use moves::{IntlMove, Move};
pub use paths::path_perft;
pub use perft::{divide, perft};
pub use position::Position;
pub use rules::{International, QUIET_PLY_LIMIT};
