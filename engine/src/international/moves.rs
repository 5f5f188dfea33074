//! International moves: the compact [`Move`] the search keeps (start, end, captured set) and the
//! [`IntlMove`] with its path, for notation and the reference generator.

use super::geometry::bit;
use crate::movetext::path_text;

/// A legal move as the search keeps it: start and end squares (1-50) and the captured set (bit
/// `n - 1` for square `n`). Equal moves have the same start, end and captured set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The start square, 1-50.
    pub from: u8,
    /// The end square, 1-50.
    pub to: u8,
    /// The captured squares.
    pub captured: u64,
}

impl Move {
    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }
}

/// One legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IntlMove {
    /// The start square, 1-50.
    pub from: u8,
    /// The squares where the piece stops, in order (for a capture, where it lands after each
    /// piece taken); the last is the end square.
    pub landings: Vec<u8>,
    /// The captured squares in capture order.
    pub captured: Vec<u8>,
}

impl IntlMove {
    /// The end square.
    pub fn to(&self) -> u8 {
        *self.landings.last().expect("a move ends somewhere")
    }

    /// Full-path notation: `32-28` for a step, `28x19x10` for a capture.
    pub fn path_notation(&self) -> String {
        path_text(self.from, &self.landings, !self.captured.is_empty())
    }
}

impl IntlMove {
    /// The move without its path.
    pub fn compact(&self) -> Move {
        Move {
            from: self.from,
            to: self.to(),
            captured: self.captured.iter().fold(0u64, |m, &s| m | bit(s)),
        }
    }
}
