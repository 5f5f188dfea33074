//! # dama-engine
//!
//! The rules of Dama Italiana (FID) and the Dama search. No I/O and no global mutable state.
//!
//! ```
//! use dama_engine::{parse_fen, path_notation, perft, PathMode, Position};
//!
//! let start = Position::start();
//! let moves: Vec<String> = start.legal_moves().iter().map(path_notation).collect();
//! assert_eq!(moves.len(), 7);
//! assert_eq!(perft(&start, 4, PathMode::Unique), 1469);
//!
//! // A man can never capture a king (Art. 5.3): White's only move is a step.
//! let p = parse_fen("W:W22:BK18").unwrap();
//! let only = p.legal_moves()[0];
//! assert_eq!(path_notation(&only), "22-19");
//! let next = p.play(&only);
//! assert_eq!(next.side_to_move(), dama_engine::Color::Black);
//! ```

pub mod bitboard;
mod capture;
pub mod english;
pub mod excerpt;
pub mod fen;
pub mod hubpos;
pub mod international;
pub mod movegen;
pub mod movelist;
pub mod moves;
pub mod notation;
pub mod pdn;
pub mod perft;
pub mod position;
pub mod rules;
pub mod search;
pub mod square;
pub mod zobrist;

pub use bitboard::{Bitboard, Direction};
pub use excerpt::{excerpt, Excerpt};
pub use fen::{parse_fen, to_fen, FenError};
pub use hubpos::{parse_hub_position, to_hub_position, HubPositionError};
pub use movegen::{PathMode, PrecedenceKey};
pub use movelist::{List, MoveList, MOVE_LIST_CAPACITY};
pub use moves::Move;
pub use notation::{
    hub_notation, parse_move, path_notation, short_notation, MoveText, MoveTextError,
};
pub use pdn::{move_number, parse_pdn, parse_pdn_games, wrap_movetext, PdnError, PdnGame};
pub use perft::{divide, divide_parallel, perft};
pub use position::{Color, Piece, Position, SetupError};
pub use rules::{Italian, Rules};
pub use square::Square;
