//! Russian draughts (shashki, PDN GameType 25) and Brazilian draughts (PDN GameType 26): the two
//! 8x8 games with flying kings, one folder with two rule sets ([`Ruleset`]), on the 8x8
//! [`Position`](crate::board8::position::Position) of [`crate::board8`] in the English geometry (a1 dark, in White's bottom-left
//! corner). What both games share, as named facts:
//!
//! - 8x8 board, 12 men each on the dark squares of the three nearest rows; **White moves
//!   first**. The squares are named algebraically (`a1`-`h8`) or by the numbers 1-32 of PDN and
//!   pydraughts, from White's side (1 = a1, 32 = h8): [`squares`].
//! - A man steps diagonally forward; it **captures forward and backward**.
//! - A king is a **flying king**: it moves any distance along an empty diagonal, and captures a
//!   piece at any distance with empty squares between, landing on any empty square beyond it.
//! - Capturing is compulsory, and a capture goes on while another jump is available.
//! - **Turkish strike**: captured pieces come off only after the whole move; until then they
//!   still block (no piece lands on or passes a captured one) and none is jumped twice.
//! - A man ending its move on the far row is crowned.
//!
//! And what differs ([`Ruleset`]):
//!
//! | | Russian ([`Russian`]) | Brazilian ([`Brazilian`]) |
//! |---|---|---|
//! | which capture | any, the player chooses (`MAJORITY` false) | the most pieces (kings count as one) |
//! | a man reaching the far row in a capture | crowned at once, goes on as a king | stays a man unless the move ends there |
//! | a king with a choice of landing squares | must land where it can go on capturing, if it can | (majority capture makes it so) |
//! | move count | 15 moves each, kings only | 20 moves each, kings only |
//! | material counts | FShR ([`counts::russian_count`]) | FMJD's 16- and 5-move counts |
//!
//! The parts: [`squares`] (numbering), [`fen`], [`paths`] (every move with its route, the
//! reference), the search's set-wise generator ([`movegen`], with `bits` and `capture`), [`play`]
//! (crowning in the middle of a capture), [`perft`](mod@perft), [`counts`], the hand-set
//! [`eval`], the learned evaluation's features ([`learned`]) and the [`Rules`](crate::rules::Rules)
//! of each game ([`rules`]). Moves are listed once per distinct (from, to, captured set).

mod bits;
mod capture;
pub mod counts;
pub mod eval;
pub mod fen;
pub mod learned;
pub mod movegen;
pub mod paths;
pub mod perft;
pub mod play;
pub mod rules;
#[cfg(test)]
mod rules_tests;
#[cfg(test)]
mod samples;
pub mod squares;

pub use fen::{parse_fen, to_fen};
pub use movegen::{count_moves, generate, generate_counted_routes, has_capture};
pub use paths::{counted_routes, every_route, legal_routes, path_perft, Route};
pub use perft::{divide, perft, perft_routes};
pub use rules::{Brazilian, Russian};

/// What differs between the captures of the two games.
pub trait Ruleset: Copy + Default + Send + Sync + 'static {
    /// Whether the capture taking the most pieces is compulsory (Brazilian) rather than any
    /// capture (Russian).
    const MAJORITY: bool;
    /// Whether a man reaching the far row in the middle of a capture is crowned at once and goes
    /// on capturing as a king (Russian) rather than staying a man (Brazilian).
    const CROWNS_IN_CAPTURE: bool;
}
