//! The games the library can play for CheckerBoard, and what differs between them at the
//! interface: the game type `get gametype` answers, where CheckerBoard puts each square in its
//! `board[x][y]` ([`Coor`]), the engine's name, and whether Dama's opening book applies (both
//! games have endgame tables: [`TableRules`]). The library's one engine of each game is in
//! [`crate::engine`].
//!
//! Both games use Dama's 8x8 `Position` and `Move`, with the square numbers of the game being
//! played (English square 1 is not where Italian square 1 is). CheckerBoard's own conversions
//! (`numbertocoors` / `coorstonumber` in its `cb_interface.h`) put square `n` on row
//! `y = (n - 1) / 4` in both games, Black's men starting on rows 0-2; the column is
//! - Italian (game type 22): `x = 2 * ((n - 1) % 4) + (y odd)`, back `n = 1 + 4y + x/2`;
//! - English (game type 21, CheckerBoard's default): `x = 6 - 2 * ((n - 1) % 4) + (y odd)`, back
//!   `n = 4 (y + 1) - x/2`: square 4 at `board[0][0]`, square 1 at `board[6][0]`, square 5 at
//!   `board[7][1]`, square 32 at `board[1][7]`.
//!
//! The library serves one game, chosen when it is built ([`crate::Game`]): CheckerBoard sets its
//! game type from the engine's `get gametype` answer, and passes no game to the engine.

use crate::route::{short_jump_route, CbRoute};
use dama_egdb::TableRules;
use dama_engine::board8::moves::Move;
use dama_engine::board8::position::Position;
use dama_engine::board8::square::Square;
use dama_engine::english::English;
use dama_engine::italian::Italian;

/// A square's coordinates on CheckerBoard's board.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coor {
    /// The column, 0-7.
    pub x: i32,
    /// The row, 0-7.
    pub y: i32,
}

/// CheckerBoard's game type of English draughts (checkers).
pub const GT_ENGLISH: i32 = 21;
/// CheckerBoard's game type of Italian draughts.
pub const GT_ITALIAN: i32 = 22;
/// CheckerBoard's game type of Russian draughts.
pub const GT_RUSSIAN: i32 = 25;
/// CheckerBoard's game type of Brazilian draughts.
pub const GT_BRAZILIAN: i32 = 26;

/// A game as the CheckerBoard library plays it: an 8x8 game with tables.
pub trait CbGame: TableRules<Position = Position, Move = Move> {
    /// `get gametype`'s answer.
    const GAME_TYPE: i32;
    /// The engine's name (`name`).
    const ENGINE_NAME: &'static str;
    /// What the engine plays, for `about`.
    const DESCRIPTION: &'static str;
    /// Whether Dama's opening book is of this game (the `book` setting exists only then).
    const HAS_BOOK: bool;

    /// CheckerBoard's coordinates of `square`.
    fn coor(square: Square) -> Coor;

    /// The square at `coor`, if it is a playing (dark) square of the board.
    fn square_at(coor: Coor) -> Option<Square>;

    /// Every legal move of `position` with the route CheckerBoard is told, one route per move,
    /// in Dama's move order. By default each jump lands just beyond the piece it takes.
    fn routes(position: &Position) -> Vec<CbRoute> {
        Self::legal_moves(position).iter().map(short_jump_route::<Self>).collect()
    }

    /// Reads a move of `set gamehist`, written in CheckerBoard's numbers of the game's squares.
    /// By default the game's own move reader, whose numbers are CheckerBoard's.
    fn parse_history_move(position: &Position, text: &str) -> Result<Move, String> {
        Self::parse_move(position, text)
    }
}

/// The row and column of `coor` as bytes, when both are on the board.
fn on_board(coor: Coor) -> Option<(u8, u8)> {
    let (x, y) = (u8::try_from(coor.x).ok()?, u8::try_from(coor.y).ok()?);
    (x < 8 && y < 8).then_some((y, x))
}

impl CbGame for Italian {
    const GAME_TYPE: i32 = GT_ITALIAN;
    const ENGINE_NAME: &'static str = "Dama";
    const DESCRIPTION: &'static str =
        "An engine for Dama Italiana (FID rules): alpha-beta search, \
                                       a learned evaluation, an opening book and endgame tables.";
    const HAS_BOOK: bool = true;

    /// Dama's own row and column of the square (row 0 holds squares 1-4; column 0 is the left
    /// edge seen from White).
    fn coor(square: Square) -> Coor {
        Coor { x: i32::from(square.column()), y: i32::from(square.row()) }
    }

    fn square_at(coor: Coor) -> Option<Square> {
        let (row, column) = on_board(coor)?;
        Square::from_row_column(row, column)
    }
}

impl CbGame for English {
    const GAME_TYPE: i32 = GT_ENGLISH;
    const ENGINE_NAME: &'static str = "Dama English";
    const DESCRIPTION: &'static str = "An engine for English draughts (checkers): alpha-beta \
                                       search, a learned evaluation and endgame tables; no \
                                       opening book.";
    const HAS_BOOK: bool = false;

    /// English square `n` stands one column to the right of Italian square `n` seen from White
    /// (its column is the Italian one with the lowest bit flipped), and CheckerBoard counts the
    /// English columns from the other edge: `x = 7 - (Italian column XOR 1)`.
    fn coor(square: Square) -> Coor {
        Coor { x: 7 - i32::from(square.column() ^ 1), y: i32::from(square.row()) }
    }

    fn square_at(coor: Coor) -> Option<Square> {
        let (row, x) = on_board(coor)?;
        Square::from_row_column(row, (7 - x) ^ 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(n: u8) -> Square {
        Square::from_number(n).unwrap()
    }

    #[test]
    fn italian_squares_follow_checkerboards_italian_formula() {
        for n in 1..=32u8 {
            let c = Italian::coor(sq(n));
            let y = i32::from(n - 1) / 4;
            let x = 2 * (i32::from(n - 1) % 4) + (y % 2);
            assert_eq!(c, Coor { x, y }, "square {n}");
            assert_eq!(1 + 4 * c.y + c.x / 2, i32::from(n));
            assert_eq!(Italian::square_at(c), Some(sq(n)));
        }
        assert_eq!(Italian::square_at(Coor { x: 1, y: 0 }), None);
        assert_eq!(Italian::square_at(Coor { x: -1, y: 0 }), None);
        assert_eq!(Italian::square_at(Coor { x: 8, y: 0 }), None);
    }

    #[test]
    fn english_squares_follow_checkerboards_english_formula() {
        for n in 1..=32u8 {
            let c = English::coor(sq(n));
            // cb_interface.h, numbertocoors (default case) and coorstonumber (default case).
            let y = i32::from(n - 1) / 4;
            let x = 2 * (3 - i32::from(n - 1) % 4) + (y % 2);
            assert_eq!(c, Coor { x, y }, "square {n}");
            assert_eq!(4 * (c.y + 1) - c.x / 2, i32::from(n));
            assert_eq!(English::square_at(c), Some(sq(n)));
        }
        // The corners and edges named in the brief and in CheckerBoard's start position.
        assert_eq!(English::coor(sq(4)), Coor { x: 0, y: 0 });
        assert_eq!(English::coor(sq(1)), Coor { x: 6, y: 0 });
        assert_eq!(English::coor(sq(5)), Coor { x: 7, y: 1 });
        assert_eq!(English::coor(sq(29)), Coor { x: 7, y: 7 });
        assert_eq!(English::coor(sq(32)), Coor { x: 1, y: 7 });
        // Light squares and squares off the board are no squares.
        for (x, y) in [(1, 0), (7, 0), (0, 1), (6, 7), (-1, 0), (8, 1), (0, 8), (0, -2)] {
            assert_eq!(English::square_at(Coor { x, y }), None, "x={x} y={y}");
        }
    }

    #[test]
    fn both_games_use_the_same_dark_squares() {
        for x in 0..8 {
            for y in 0..8 {
                let c = Coor { x, y };
                let dark = (x + y) % 2 == 0;
                assert_eq!(Italian::square_at(c).is_some(), dark, "x={x} y={y}");
                assert_eq!(English::square_at(c).is_some(), dark, "x={x} y={y}");
            }
        }
    }
}
