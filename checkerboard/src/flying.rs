//! Russian (CheckerBoard game type 25) and Brazilian draughts (26) at CheckerBoard's interface:
//! the two 8x8 games with flying kings ([`dama_engine::flying8`]).
//!
//! **Squares.** CheckerBoard has no case of its own for these game types: its `numbertocoors`
//! and `coorstonumber` (cb_interface.h) take the default, English, formula, `y = (n - 1) / 4`,
//! `x = 2 * (3 - (n - 1) % 4) + (y odd)`, back `n = 4 (y + 1) - x / 2`, for the FENs it sends
//! (`get movelist`, `set gamehist`), the moves of `set gamehist` and `islegal`'s squares, and its
//! start position (`InitCheckerBoard`) puts White's men on rows y = 5-7 whatever the game. With
//! the dark squares at x + y even, the board is the Russian board seen from White with
//! `board[x][y]` = file h - x, rank 8 - y: a1 is `board[7][7]`, h8 `board[0][0]`, and
//! CheckerBoard's square 1 is b8, 4 h8, 5 a7, 29 a1, 32 g1 (KestoG, the Russian CheckerBoard
//! engine, reads the board so: its `islegal` numbers `board[6][0]` 1 and `board[0][0]` 4). These
//! are not PDN's numbers of the game (1 = a1, White's men on 1-12, as Dama writes them elsewhere)
//! but Dama's own square order of its 8x8 positions, so CheckerBoard's number `n` is
//! `Square::from_number(n)` and Dama's FEN reader of 8x8 positions reads CheckerBoard's FENs.
//!
//! **Colours.** White moves first in both games. CheckerBoard 1.77 starts game type 25 with White
//! (`get_startcolor`) but has no case for 26, so it starts a Brazilian game with Black, from the
//! same start position. `getmove` plays whichever colour it is asked, so such a game is a
//! Brazilian game with the colours' names exchanged (the start position is the same turned round
//! with the colours exchanged, and so is the board's geometry): nothing in the rules or the
//! engine depends on which colour moved first.
//!
//! **Moves.** A king that takes a piece may land on any empty square beyond it (in Russian, on
//! one from which it can go on capturing, if there is one): the landing squares of `CBmove`'s
//! `path` and of `get movelist` are those of the route Dama's path generator gives each move
//! ([`dama_engine::flying8::legal_routes`]), one route per move (start, end, captured set), in
//! capture order with the captured squares.

use crate::game::{CbGame, Coor, GT_BRAZILIAN, GT_RUSSIAN};
use crate::route::{parse_numbered_move, CbRoute};
use dama_engine::board8::moves::Move;
use dama_engine::board8::position::Position;
use dama_engine::board8::square::Square;
use dama_engine::flying8::{legal_routes, Brazilian, Ruleset, Russian};

/// CheckerBoard's coordinates of `square`: English square `n` is where CheckerBoard puts square
/// `n` of these games (the column is the Italian one with the lowest bit flipped, counted from
/// the other edge).
fn coor(square: Square) -> Coor {
    Coor { x: 7 - i32::from(square.column() ^ 1), y: i32::from(square.row()) }
}

/// The square at CheckerBoard's `coor`, if it is a dark square of the board.
fn square_at(coor: Coor) -> Option<Square> {
    let (x, y) = (u8::try_from(coor.x).ok()?, u8::try_from(coor.y).ok()?);
    if x >= 8 || y >= 8 {
        return None;
    }
    Square::from_row_column(y, (7 - x) ^ 1)
}

/// Every legal move with the route Dama's path generator gives it.
fn routes<G: Ruleset>(position: &Position) -> Vec<CbRoute> {
    legal_routes::<G>(position)
        .into_iter()
        .map(|route| CbRoute { mv: route.mv(), landings: route.landings, captured: route.captured })
        .collect()
}

macro_rules! flying_game {
    ($game:ident, $game_type:expr, $name:literal, $description:literal) => {
        impl CbGame for $game {
            const GAME_TYPE: i32 = $game_type;
            const ENGINE_NAME: &'static str = $name;
            const DESCRIPTION: &'static str = $description;
            const HAS_BOOK: bool = false;

            fn coor(square: Square) -> Coor {
                coor(square)
            }

            fn square_at(coor: Coor) -> Option<Square> {
                square_at(coor)
            }

            fn routes(position: &Position) -> Vec<CbRoute> {
                routes::<$game>(position)
            }

            /// CheckerBoard's numbers, not the game's PDN numbers that `parse_move` reads.
            fn parse_history_move(position: &Position, text: &str) -> Result<Move, String> {
                parse_numbered_move::<$game>(position, text)
            }
        }
    };
}

flying_game!(
    Russian,
    GT_RUSSIAN,
    "Dama Russian",
    "An engine for Russian draughts (shashki): flying kings, any capture may be chosen; \
     alpha-beta search, a hand-set evaluation and endgame tables; no opening book."
);

flying_game!(
    Brazilian,
    GT_BRAZILIAN,
    "Dama Brazilian",
    "An engine for Brazilian draughts (International rules on the 8x8 board): flying kings, the \
     capture of the most pieces; alpha-beta search, a hand-set evaluation and endgame tables; no \
     opening book."
);

#[cfg(test)]
#[path = "flying_tests.rs"]
mod tests;
