//! The FMJD endgame counts: material that draws after a fixed number of moves, counted from the
//! capture or promotion that made it (the game's history follows them, [`crate::history`]).

use super::position::Position;

/// The FMJD endgame counts (shared/variants.md): against a lone king, three kings, two kings
/// and a man, or a king and two men are drawn after 16 moves by each side; two kings, or a king
/// and a man, after 5 moves each. The plies and the rule's name, when the material is one of these.
pub fn endgame_count(position: &Position) -> Option<(u32, &'static str)> {
    let count = |pieces: u64| {
        ((pieces & position.kings).count_ones(), (pieces & !position.kings).count_ones())
    };
    let (white, black) = (count(position.white), count(position.black));
    let strong = match (white, black) {
        ((1, 0), other) | (other, (1, 0)) => other,
        _ => return None,
    };
    match strong {
        (3, 0) | (2, 1) | (1, 2) => Some((32, "16-move rule")),
        (2, 0) | (1, 1) => Some((10, "5-move rule")),
        _ => None,
    }
}
