//! The games the tables are built for. Dama Italiana, English, Russian and Brazilian draughts
//! share the 8x8 [`Position`] and [`Move`]; International draughts has its 10x10 position. The materials, the
//! index (over the game's board, [`Geometry`]), the retrograde analysis, the file format and
//! the prober serve all three; what differs is the board and the move generator, which the
//! builder takes from the game's [`Rules`] through [`TableRules`].
//!
//! Each game's tables have their own place in a table directory ([`crate::place`]), and each file
//! carries its game in its header ([`crate::mark`]), which the prober checks, so a table of one game is
//! never read as another's.

use crate::geometry::{Board, Geometry};
use crate::material::Material;
use crate::unmove::flying_king_unmoves;
use dama_engine::board8::bitboard::Bitboard;
use dama_engine::board8::moves::Move;
use dama_engine::board8::position::Position;
use dama_engine::color::Color;
use dama_engine::english::English;
use dama_engine::flying8::{Brazilian, Russian};
use dama_engine::international::{self, International};
use dama_engine::italian::Italian;
use dama_engine::movelist::List;
use dama_engine::rules::Rules;
use dama_engine::tables::TableGame;

/// A game the tables can be built for: its rules, which game it is, and its positions as square
/// masks (bit `i` for square `i + 1` of the game's board, [`Geometry::of`]).
pub trait TableRules: Rules {
    /// The game.
    const GAME: TableGame;

    /// Whether the builder finds the king moves into a position by [`TableRules::king_unmoves`]
    /// instead of keeping every king move of a group in memory (for the 10x10 board, where
    /// flying kings have many moves).
    const UNMOVES: bool = false;

    /// White's pieces, Black's pieces and the kings, as square masks.
    fn masks(position: &Self::Position) -> [u64; 3];

    /// The position of square masks with `side` to move, or why it is not a legal setup.
    fn from_masks(
        white: u64,
        black: u64,
        kings: u64,
        side: Color,
    ) -> Result<Self::Position, String>;

    /// The boards (White to move, as [`Board::normalize`] gives them) from which a king move
    /// that captures nothing reaches `board` (White to move, so the move was Black's): each
    /// once. Only asked when [`TableRules::UNMOVES`].
    fn king_unmoves(_board: &Board, _out: &mut Vec<Board>) {}
}

/// A game's positions as boards and back: the side to move always plays White on a board.
impl Board {
    /// The position as seen by the side to move, with that side playing White: the material of
    /// the half that holds it and its board. A position with Black to move is turned half a turn
    /// with the colours swapped; the rules are the same seen from either side.
    #[inline]
    pub fn normalize<R: TableRules>(position: &R::Position) -> (Material, Board) {
        let [white, black, kings] = R::masks(position);
        let board = match R::side_to_move(position) {
            Color::White => Board { white, black, kings },
            Color::Black => Board { white, black, kings }.turned(Geometry::of(R::GAME)),
        };
        (board.material(), board)
    }

    /// The position of the game `R` this board stands for when `side` is to move: the board
    /// itself for White, turned back half a turn with the colours swapped for Black.
    pub fn to_position<R: TableRules>(&self, side: Color) -> Result<R::Position, String> {
        let board = match side {
            Color::White => *self,
            Color::Black => self.turned(Geometry::of(R::GAME)),
        };
        R::from_masks(board.white, board.black, board.kings, side)
    }
}

/// Offsets of the rows in the engine's padded 8x8 layout (see `dama_engine::board8::bitboard`).
const ROW_OFFSET: [u32; 8] = [0, 5, 9, 14, 18, 23, 27, 32];

/// The squares of an 8x8 bitboard as a mask (bit `i` for square `i + 1`).
#[inline]
pub fn mask_of(b: Bitboard) -> u64 {
    let x = b.bits();
    let mut mask = 0;
    for (row, offset) in ROW_OFFSET.iter().enumerate() {
        mask |= ((x >> offset) & 0xF) << (4 * row);
    }
    mask
}

/// The 8x8 bitboard of a square mask.
#[inline]
pub fn bitboard_of(mask: u64) -> Bitboard {
    let mut x = 0u64;
    for (row, offset) in ROW_OFFSET.iter().enumerate() {
        x |= ((mask >> (4 * row)) & 0xF) << offset;
    }
    Bitboard::from_bits(x)
}

fn masks8(position: &Position) -> [u64; 3] {
    [
        mask_of(position.pieces(Color::White)),
        mask_of(position.pieces(Color::Black)),
        mask_of(position.kings()),
    ]
}

fn from_masks8(white: u64, black: u64, kings: u64, side: Color) -> Result<Position, String> {
    if (white | black) >> 32 != 0 {
        return Err("a square beyond 32".into());
    }
    Position::from_parts(bitboard_of(white), bitboard_of(black), bitboard_of(kings), side)
        .map_err(|e| e.to_string())
}

impl TableRules for Italian {
    const GAME: TableGame = TableGame::Italian;

    #[inline]
    fn masks(position: &Position) -> [u64; 3] {
        masks8(position)
    }

    fn from_masks(white: u64, black: u64, kings: u64, side: Color) -> Result<Position, String> {
        from_masks8(white, black, kings, side)
    }
}

impl TableRules for English {
    const GAME: TableGame = TableGame::English;

    #[inline]
    fn masks(position: &Position) -> [u64; 3] {
        masks8(position)
    }

    fn from_masks(white: u64, black: u64, kings: u64, side: Color) -> Result<Position, String> {
        from_masks8(white, black, kings, side)
    }
}

impl TableRules for International {
    const GAME: TableGame = TableGame::International;
    const UNMOVES: bool = true;

    #[inline]
    fn masks(position: &international::Position) -> [u64; 3] {
        [position.white, position.black, position.kings]
    }

    fn from_masks(
        white: u64,
        black: u64,
        kings: u64,
        side: Color,
    ) -> Result<international::Position, String> {
        let all = Geometry::BOARD10.all();
        let first_row = 0b11111;
        let last_row = first_row << 45;
        if (white | black | kings) & !all != 0 {
            Err("a square beyond 50".into())
        } else if white & black != 0 {
            Err("a square holds two pieces".into())
        } else if (white & !kings) & first_row != 0 || (black & !kings) & last_row != 0 {
            Err("a man stands on its crowning row".into())
        } else if white.count_ones() > 20 || black.count_ones() > 20 || white | black == 0 {
            Err("a side has more than 20 pieces, or the board is empty".into())
        } else {
            Ok(international::Position { white, black, kings: kings & (white | black), side })
        }
    }

    fn king_unmoves(board: &Board, out: &mut Vec<Board>) {
        flying_king_unmoves(board, Geometry::BOARD10, out, |b| {
            let position = international::Position {
                white: b.white,
                black: b.black,
                kings: b.kings,
                side: Color::White,
            };
            International::has_capture(&position)
        });
    }
}

/// Whether White, to move on the 8x8 `board` of Russian or Brazilian draughts, has a capture
/// (the same set-wise test in both games); a board that is no position (never asked) has none.
fn flying8_has_capture(board: &Board) -> bool {
    from_masks8(board.white, board.black, board.kings, Color::White)
        .is_ok_and(|p| dama_engine::flying8::has_capture(&p))
}

impl TableRules for Russian {
    const GAME: TableGame = TableGame::Russian;
    const UNMOVES: bool = true;

    #[inline]
    fn masks(position: &Position) -> [u64; 3] {
        masks8(position)
    }

    fn from_masks(white: u64, black: u64, kings: u64, side: Color) -> Result<Position, String> {
        from_masks8(white, black, kings, side)
    }

    fn king_unmoves(board: &Board, out: &mut Vec<Board>) {
        flying_king_unmoves(board, Geometry::BOARD8, out, flying8_has_capture);
    }
}

impl TableRules for Brazilian {
    const GAME: TableGame = TableGame::Brazilian;
    const UNMOVES: bool = true;

    #[inline]
    fn masks(position: &Position) -> [u64; 3] {
        masks8(position)
    }

    fn from_masks(white: u64, black: u64, kings: u64, side: Color) -> Result<Position, String> {
        from_masks8(white, black, kings, side)
    }

    fn king_unmoves(board: &Board, out: &mut Vec<Board>) {
        flying_king_unmoves(board, Geometry::BOARD8, out, flying8_has_capture);
    }
}

/// The legal moves of the 8x8 `position` in `game` (none for International draughts, whose
/// positions are not 8x8 ones).
pub fn legal_moves(game: TableGame, position: &Position) -> List<Move> {
    let mut list = List::new();
    match game {
        TableGame::Italian => Italian::generate(position, &mut list),
        TableGame::English => English::generate(position, &mut list),
        TableGame::Russian => Russian::generate(position, &mut list),
        TableGame::Brazilian => Brazilian::generate(position, &mut list),
        TableGame::International => {}
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::board8::fen::parse_fen;

    #[test]
    fn a_man_against_two_kings_moves_in_english_only() {
        // An Italian man may not capture kings; an English man may.
        let p = parse_fen("W:W29:BK25,K26").unwrap();
        assert!(!Italian::has_move(&p));
        assert!(English::has_move(&p));
        assert_eq!(legal_moves(TableGame::English, &p).len(), 1);
    }

    #[test]
    fn masks_round_trip() {
        for s in 0..32 {
            let mask = 1u64 << s;
            let b = bitboard_of(mask);
            assert_eq!(b.first().map(|q| q.index()), Some(s as usize));
            assert_eq!(mask_of(b), mask);
        }
        let p = international::parse_fen("B:W6,K1:B45,K50").unwrap();
        let [w, b, k] = International::masks(&p);
        assert_eq!(International::from_masks(w, b, k, Color::Black), Ok(p));
        assert!(International::from_masks(1, 2, 0, Color::White).is_err(), "a man on 1");
        assert!(International::from_masks(1 << 44, 1 << 49, 0, Color::White).is_err());
        assert!(International::from_masks(1 << 5, 1 << 50, 0, Color::White).is_err());
    }
}
