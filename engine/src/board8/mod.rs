//! The 8x8 board that Dama Italiana and English draughts both play on: the 32 dark squares
//! numbered 1-32 row by row ([`square`]), sets of squares as one word in a padded layout where
//! each diagonal step is one shift ([`bitboard`]), the pieces ([`piece`]), the position and how a
//! move is played ([`position`]), the move with its capture order ([`moves`]), Zobrist keys
//! ([`zobrist`]), PDN FEN ([`fen`]), the Hub's position string ([`hubpos`]), and the inputs of a
//! learned evaluation's network on this board ([`network_inputs`]).
//!
//! What differs between the two games (the diagonal neighbours of a numbered square, which
//! captures are legal) is in each game's folder.

pub mod bitboard;
pub mod features;
pub mod fen;
pub mod hubpos;
pub mod moves;
pub mod network_inputs;
pub mod piece;
pub mod position;
pub mod square;
pub mod zobrist;
