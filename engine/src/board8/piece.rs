//! The pieces of the 8x8 games: a man or a king of either colour.

use crate::color::Color;

/// A piece: a man (pedina) or a king (dama) of either colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Piece {
    /// A white man.
    WhiteMan = 0,
    /// A white king.
    WhiteKing = 1,
    /// A black man.
    BlackMan = 2,
    /// A black king.
    BlackKing = 3,
}

impl Piece {
    /// The piece of `color`, a king when `king`.
    pub const fn new(color: Color, king: bool) -> Piece {
        match (color, king) {
            (Color::White, false) => Piece::WhiteMan,
            (Color::White, true) => Piece::WhiteKing,
            (Color::Black, false) => Piece::BlackMan,
            (Color::Black, true) => Piece::BlackKing,
        }
    }

    /// The piece's colour.
    pub const fn color(self) -> Color {
        match self {
            Piece::WhiteMan | Piece::WhiteKing => Color::White,
            Piece::BlackMan | Piece::BlackKing => Color::Black,
        }
    }

    /// Whether the piece is a king.
    pub const fn is_king(self) -> bool {
        matches!(self, Piece::WhiteKing | Piece::BlackKing)
    }
}
