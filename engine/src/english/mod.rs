//! English draughts (checkers, PDN GameType 21), played on the 8x8 board of [`crate::board8`]:
//! the geometry of its numbering ([`geometry`]), every move with its path ([`paths`], the
//! reference), the set-wise generator of the search and perft on the English padded layout
//! (`layout`, `capture`, [`movegen`]), perft ([`perft`](mod@perft)), the evaluation ([`eval`])
//! and the [`English`] rules ([`rules`]). Positions use the same [`Position`] as Italian (squares
//! 1-32 row by row from Black's side, Black's men moving toward 29-32, men crowned on the far
//! row); only the board's geometry and the rules differ:
//!
//! - **Geometry**: English numbering puts square 1 one column to the right of the Italian square 1
//!   (rows 1-4, 9-12, ... start on the second column; rows 5-8, 13-16, ... on the first), so the
//!   diagonal neighbours differ. FEN and numbering are those of PDN and pydraughts
//!   (`B:W21-32:B1-12`, Black moves first).
//! - **Moves** (the rule document, shared/variants.md): men step diagonally forward, kings one
//!   square in any diagonal direction. Captures are compulsory; men capture forward only, kings in
//!   all four directions; **men may capture kings**; a capture continues while a jump is
//!   available and must be completed; **no precedence** (any capture may be chosen); a piece may
//!   not be jumped twice; a man reaching the far row is crowned and the move ends there.
//!
//! Captured pieces stay on the board until the move ends, but with short kings this changes
//! nothing: landing squares are two rows apart, so a landing square is never a jumped square.
//!
//! **One move per capture.** As in every game here, a move is a distinct (from, to, captured
//! set): a king that can take the same pieces around a loop in either direction has one move
//! ([`generate`], [`English`], `dama moves`, the Hub, perft). [`legal_moves`] and
//! [`perft_every_route`] list and count every route, as the published perft tables do.

use crate::board8::position::Position;
use crate::color::Color;

mod capture;
pub mod eval;
pub mod geometry;
pub(crate) mod layout;
pub mod learned;
pub mod movegen;
pub mod paths;
pub mod perft;
pub mod rules;
#[cfg(test)]
mod samples;

pub use eval::evaluate;
pub use movegen::{count_moves, generate, generate_every_route, has_capture};
pub use paths::{legal_moves, EnglishMove};
pub use perft::{divide, perft, perft_every_route};
pub use rules::{English, QUIET_PLY_LIMIT};

/// The English start position: Black's men on 1-12, White's on 21-32, Black to move.
pub fn start() -> Position {
    Position::start().with_side_to_move(Color::Black)
}
