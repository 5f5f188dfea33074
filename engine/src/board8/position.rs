//! The 8x8 position: where the pieces stand and who is to move. A small `Copy` value; playing a
//! move returns a new position (copy-make). The game's history (repetitions, the move count) is
//! [`crate::history`].

use super::bitboard::Bitboard;
use super::moves::Move;
use super::piece::Piece;
use super::square::Square;
use super::zobrist;
use crate::color::Color;
use std::fmt;

/// Why a set of pieces is not a position the game can reach or the engine can play from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The same square holds two pieces.
    SquareTwice(Square),
    /// A man stands on the row where it would already have been promoted.
    ManOnPromotionRow(Square),
    /// A side has more than 12 pieces.
    TooManyPieces(Color),
    /// The board is empty.
    NoPieces,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::SquareTwice(s) => write!(f, "square {s} is given more than one piece"),
            SetupError::ManOnPromotionRow(s) => {
                write!(f, "a man on square {s} stands on its promotion row (it would be a king)")
            }
            SetupError::TooManyPieces(c) => write!(f, "{c:?} has more than 12 pieces"),
            SetupError::NoPieces => write!(f, "the board is empty"),
        }
    }
}

impl std::error::Error for SetupError {}

/// A position: the pieces and the side to move, with its Zobrist key kept up to date.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) white: Bitboard,
    pub(crate) black: Bitboard,
    pub(crate) kings: Bitboard,
    pub(crate) side: Color,
    pub(crate) key: u64,
}

impl Position {
    /// The start position: White men on 21-32, Black men on 1-12, White to move.
    pub fn start() -> Position {
        let black = (1..=12).filter_map(Square::from_number).collect();
        let white = (21..=32).filter_map(Square::from_number).collect();
        Position::from_parts(white, black, Bitboard::EMPTY, Color::White)
            .expect("the start position is valid")
    }

    /// Builds a position from the squares of each colour, the kings among them and the side to
    /// move, checking that it is a legal setup.
    pub fn from_parts(
        white: Bitboard,
        black: Bitboard,
        kings: Bitboard,
        side: Color,
    ) -> Result<Position, SetupError> {
        if let Some(s) = (white & black).first() {
            return Err(SetupError::SquareTwice(s));
        }
        let kings = kings & (white | black);
        let white_men = white - kings;
        let black_men = black - kings;
        if let Some(s) = (white_men & Bitboard::WHITE_PROMOTION).first() {
            return Err(SetupError::ManOnPromotionRow(s));
        }
        if let Some(s) = (black_men & Bitboard::BLACK_PROMOTION).first() {
            return Err(SetupError::ManOnPromotionRow(s));
        }
        for (color, set) in [(Color::White, white), (Color::Black, black)] {
            if set.count() > 12 {
                return Err(SetupError::TooManyPieces(color));
            }
        }
        if (white | black).is_empty() {
            return Err(SetupError::NoPieces);
        }
        let mut position = Position { white, black, kings, side, key: 0 };
        position.key = position.compute_key();
        Ok(position)
    }

    /// The side to move.
    #[inline]
    pub const fn side_to_move(&self) -> Color {
        self.side
    }

    /// The squares holding pieces of `color`.
    #[inline]
    pub const fn pieces(&self, color: Color) -> Bitboard {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The squares holding kings of either colour.
    #[inline]
    pub const fn kings(&self) -> Bitboard {
        self.kings
    }

    /// The squares holding men of `color`.
    #[inline]
    pub fn men(&self, color: Color) -> Bitboard {
        self.pieces(color) - self.kings
    }

    /// The squares holding kings of `color`.
    #[inline]
    pub fn kings_of(&self, color: Color) -> Bitboard {
        self.pieces(color) & self.kings
    }

    /// The squares holding any piece.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.white | self.black
    }

    /// The empty squares.
    #[inline]
    pub fn empty(&self) -> Bitboard {
        !(self.white | self.black)
    }

    /// The piece on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let king = self.kings.contains(square);
        if self.white.contains(square) {
            Some(Piece::new(Color::White, king))
        } else if self.black.contains(square) {
            Some(Piece::new(Color::Black, king))
        } else {
            None
        }
    }

    /// The Zobrist key of the position (pieces and side to move).
    #[inline]
    pub const fn key(&self) -> u64 {
        self.key
    }

    /// The Zobrist key computed from scratch; equals [`Position::key`].
    pub fn compute_key(&self) -> u64 {
        let mut key = if self.side == Color::Black { zobrist::BLACK_TO_MOVE } else { 0 };
        for s in self.occupied() {
            if let Some(piece) = self.piece_at(s) {
                key ^= zobrist::piece_key(piece, s);
            }
        }
        key
    }

    /// The same pieces with the other side to move (for null-move ideas and tests).
    pub fn with_side_to_move(&self, side: Color) -> Position {
        let mut p = *self;
        if p.side != side {
            p.side = side;
            p.key ^= zobrist::BLACK_TO_MOVE;
        }
        p
    }

    /// Plays `mv`, which must be legal in this position (from [`Position::legal_moves`] or a parsed
    /// move text), and returns the new position.
    #[inline]
    pub fn play(&self, mv: &Move) -> Position {
        let next = self.play_pieces(mv);
        let (from, to) = (mv.start_bit(), mv.end_bit());
        let us = self.side;
        let was_king = self.kings.0 >> from & 1 != 0;
        let is_king = next.kings.0 >> to & 1 != 0;
        let mut key = self.key
            ^ zobrist::BLACK_TO_MOVE
            ^ zobrist::piece_key_at_bit(Piece::new(us, was_king), from)
            ^ zobrist::piece_key_at_bit(Piece::new(us, is_king), to);
        let them = us.opposite();
        let (man, king) = (Piece::new(them, false), Piece::new(them, true));
        let mut bits = mv.captured().0;
        while bits != 0 {
            let bit = bits.trailing_zeros();
            bits &= bits - 1;
            let piece = if self.kings.0 >> bit & 1 != 0 { king } else { man };
            key ^= zobrist::piece_key_at_bit(piece, bit);
        }
        let next = Position { key, ..next };
        debug_assert_eq!(next.key, next.compute_key());
        next
    }

    /// Plays `mv` on the pieces and the side to move only; the key is left as it was (stale).
    /// Perft uses this: it never reads keys below its root.
    #[inline]
    pub(crate) fn play_pieces(&self, mv: &Move) -> Position {
        let mut next = *self;
        let (from, to) = (mv.start_bit(), mv.end_bit());
        let from_to = Bitboard((1u64 << from) ^ (1u64 << to));
        let captured = mv.captured();
        match self.side {
            Color::White => {
                next.white = next.white ^ from_to;
                next.black = next.black - captured;
            }
            Color::Black => {
                next.black = next.black ^ from_to;
                next.white = next.white - captured;
            }
        }
        let kings = self.kings - captured;
        next.kings = if kings.0 >> from & 1 != 0 {
            kings ^ from_to
        } else {
            let promotion = match self.side {
                Color::White => Bitboard::WHITE_PROMOTION,
                Color::Black => Bitboard::BLACK_PROMOTION,
            };
            kings | (promotion & Bitboard(1u64 << to))
        };
        next.side = self.side.opposite();
        debug_assert!(!next.white.intersects(next.black));
        debug_assert!((next.kings - (next.white | next.black)).is_empty());
        next
    }

    /// Whether `mv` (a move of this position) resets the move count and ends every repetition:
    /// a man moved or a piece was captured.
    #[inline(always)]
    pub fn is_irreversible(&self, mv: &Move) -> bool {
        mv.is_capture() || !self.kings.contains(mv.from())
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl fmt::Display for Position {
    /// The board as text, Black at the top, one character per square: `w`/`b` men, `W`/`B` kings.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..8u8 {
            write!(f, "  ")?;
            for column in 0..8u8 {
                let text = match Square::from_row_column(row, column) {
                    None => "  ",
                    Some(s) => match self.piece_at(s) {
                        None => ". ",
                        Some(Piece::WhiteMan) => "w ",
                        Some(Piece::WhiteKing) => "W ",
                        Some(Piece::BlackMan) => "b ",
                        Some(Piece::BlackKing) => "B ",
                    },
                };
                write!(f, "{text}")?;
            }
            let first = row * 4 + 1;
            writeln!(f, "   {}-{}", first, first + 3)?;
        }
        let side = match self.side {
            Color::White => "White",
            Color::Black => "Black",
        };
        write!(f, "  {side} to move")
    }
}
