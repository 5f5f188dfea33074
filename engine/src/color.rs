//! The two sides, in every game.

/// A side. White's men move up the board, toward the low-numbered squares; Black's move down.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// White, whose men move toward the low-numbered squares (the first to move in Dama
    /// Italiana and International draughts).
    White,
    /// Black, whose men move toward the high-numbered squares (the first to move in English
    /// draughts).
    Black,
}

impl Color {
    /// The other side.
    #[inline]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}
