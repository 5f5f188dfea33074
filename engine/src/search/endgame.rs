//! Endgame databases as the search sees them: a small trait that a front end implements over
//! its tables (the engine itself reads no files), the scores of database results, and the
//! choice of value-preserving root moves.
//!
//! Database scores form their own band, between evaluations and the search's own proven wins:
//! a database win `ply` plies from the root scores [`TABLEBASE_WIN`]` - ply`. They are exact
//! under the databases' convention (the 40-move count and repetitions are not counted).

use crate::moves::Move;
use crate::position::Position;
use crate::search::score::{Score, WIN_BOUND};

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

/// The score of a database win at the root.
pub const TABLEBASE_WIN: Score = WIN_BOUND - 1_000;
/// Scores beyond this (and not beyond [`WIN_BOUND`]) are database results.
pub const TABLEBASE_BOUND: Score = TABLEBASE_WIN - 1_000;

/// The score of a database value `ply` plies from the root.
pub const fn tablebase_score(value: TablebaseValue, ply: u32) -> Score {
    match value {
        TablebaseValue::Win => TABLEBASE_WIN - ply as Score,
        TablebaseValue::Loss => -TABLEBASE_WIN + ply as Score,
        TablebaseValue::Draw => 0,
    }
}

/// Whether `score` is a database win or loss (not an evaluation, not a proven win).
pub const fn is_tablebase_score(score: Score) -> bool {
    score.abs() > TABLEBASE_BOUND && score.abs() <= WIN_BOUND
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
    use crate::fen::parse_fen;
    use crate::notation::path_notation;

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
            let on_six = position.pieces(crate::Color::White).into_iter().any(|s| s.number() == 6);
            Some(match (position.side_to_move(), on_six) {
                (crate::Color::White, _) => (TablebaseValue::Win, Some(5)),
                (crate::Color::Black, true) => (TablebaseValue::Loss, Some(4)),
                (crate::Color::Black, false) => (TablebaseValue::Loss, Some(8)),
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

    #[test]
    fn tablebase_scores_are_their_own_band() {
        let win = tablebase_score(TablebaseValue::Win, 7);
        assert!(is_tablebase_score(win) && is_tablebase_score(-win));
        assert!(!crate::search::score::is_decisive(win));
        assert!(!is_tablebase_score(crate::search::score::win_in(3)));
        assert!(!is_tablebase_score(2_000));
        assert_eq!(tablebase_score(TablebaseValue::Draw, 3), 0);
        assert!(tablebase_score(TablebaseValue::Win, 3) > win);
    }
}
