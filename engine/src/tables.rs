//! Endgame databases as the rules and the search see them: a small trait that a front end
//! implements over its tables (the engine itself reads no files), the value it answers, and the
//! choice of value-preserving root moves. The scores of database results are [`crate::score`]'s.

use crate::board8::moves::Move;
use crate::board8::position::Position;

/// The value of a position for the side to move, as the tables give it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TablebaseValue {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
    /// A draw.
    Draw,
}

impl TablebaseValue {
    /// The value for the other side.
    pub const fn opposite(self) -> TablebaseValue {
        match self {
            TablebaseValue::Win => TablebaseValue::Loss,
            TablebaseValue::Loss => TablebaseValue::Win,
            TablebaseValue::Draw => TablebaseValue::Draw,
        }
    }
}

/// Endgame tables the search may consult. Implementations must be cheap to call from several
/// threads and must answer `None` rather than fail.
pub trait EndgameTables: Send + Sync {
    /// The most pieces on the board for which every position is in the tables.
    fn max_pieces(&self) -> u32;

    /// The value of `position`, if it is in the tables.
    fn probe(&self, position: &Position) -> Option<TablebaseValue>;

    /// The value and, when the tables have it, the plies to the end of the game under perfect
    /// play (shortest win, longest loss).
    fn probe_distance(&self, position: &Position) -> Option<(TablebaseValue, Option<u32>)> {
        self.probe(position).map(|v| (v, None))
    }
}

/// Keeps only the root moves that preserve the position's value: in a win, the moves to a
/// lost position (the quickest ones when distances are known, so the win makes progress); in
/// a draw, the drawing moves; in a loss, every move, or the slowest losses when distances are
/// known. Returns the root's value and distance, or `None` (moves untouched) when the root or a
/// child is not in the tables.
pub fn filter_root_moves(
    tables: &dyn EndgameTables,
    root: &Position,
    moves: &mut Vec<Move>,
) -> Option<(TablebaseValue, Option<u32>)> {
    if root.occupied().count() > tables.max_pieces() || moves.is_empty() {
        return None;
    }
    let (value, plies) = tables.probe_distance(root)?;
    let children: Vec<(TablebaseValue, Option<u32>)> =
        moves.iter().map(|m| tables.probe_distance(&root.play(m))).collect::<Option<_>>()?;
    let wanted = value.opposite();
    let rank = |(v, d): (TablebaseValue, Option<u32>)| match (v == wanted, d) {
        (false, _) => None,
        (true, Some(d)) => Some(d),
        (true, None) => Some(0),
    };
    let best = match value {
        TablebaseValue::Win => children.iter().filter_map(|c| rank(*c)).min(),
        _ => children.iter().filter_map(|c| rank(*c)).max(),
    }?;
    let kept: Vec<Move> = moves
        .iter()
        .zip(&children)
        .filter(|(_, c)| rank(**c) == Some(best))
        .map(|(m, _)| *m)
        .collect();
    *moves = kept;
    Some((value, plies))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board8::fen::parse_fen;
    use crate::italian::notation::path_notation;

    /// White to move wins in 5; after a White king reaches square 6 Black loses in 4, after any
    /// other move in 8 (so only the moves to 6 keep the quickest win).
    struct Fake;

    impl EndgameTables for Fake {
        fn max_pieces(&self) -> u32 {
            3
        }
        fn probe(&self, position: &Position) -> Option<TablebaseValue> {
            self.probe_distance(position).map(|(v, _)| v)
        }
        fn probe_distance(&self, position: &Position) -> Option<(TablebaseValue, Option<u32>)> {
            let on_six =
                position.pieces(crate::color::Color::White).into_iter().any(|s| s.number() == 6);
            Some(match (position.side_to_move(), on_six) {
                (crate::color::Color::White, _) => (TablebaseValue::Win, Some(5)),
                (crate::color::Color::Black, true) => (TablebaseValue::Loss, Some(4)),
                (crate::color::Color::Black, false) => (TablebaseValue::Loss, Some(8)),
            })
        }
    }

    #[test]
    fn root_filter_keeps_the_quickest_wins() {
        let root = parse_fen("W:WK1,K3:BK32").unwrap();
        let mut moves = root.legal_moves().to_vec();
        assert!(moves.len() > 2);
        let value = filter_root_moves(&Fake, &root, &mut moves);
        assert_eq!(value, Some((TablebaseValue::Win, Some(5))));
        let kept: Vec<String> = moves.iter().map(path_notation).collect();
        assert_eq!(kept, ["3-6"]);
    }
}
