//! Endgame databases as the rules and the search see them: a small trait that a front end
//! implements over its tables (the engine itself reads no files), the value it answers, and the
//! choice of value-preserving root moves. The scores of database results are [`crate::score`]'s.

use crate::board8::moves::Move;
use crate::board8::position::Position;

/// The 8x8 games that have endgame tables. They share [`Position`], so one table's index would
/// read another game's positions without complaint, but the values differ (in English draughts a
/// man may capture a king, there is no capture precedence, the board is mirrored): tables say
/// which game they hold ([`EndgameTables::game`]) and a game probes only its own.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TableGame {
    /// Dama Italiana.
    Italian,
    /// English draughts.
    English,
}

impl TableGame {
    /// Both games.
    pub const ALL: [TableGame; 2] = [TableGame::Italian, TableGame::English];

    /// The game's name as the command line and the Hub `variant` param spell it.
    pub const fn name(self) -> &'static str {
        match self {
            TableGame::Italian => "italian",
            TableGame::English => "english",
        }
    }

    /// The game's name in a sentence.
    pub const fn title(self) -> &'static str {
        match self {
            TableGame::Italian => "Dama Italiana",
            TableGame::English => "English draughts",
        }
    }
}

impl std::fmt::Display for TableGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.title())
    }
}

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
    /// The game whose positions the tables hold.
    fn game(&self) -> TableGame;

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

/// The tables' value of `position` in `game`: `None` when the tables are another game's or do
/// not hold the position.
#[inline]
pub fn probe(
    game: TableGame,
    tables: &dyn EndgameTables,
    position: &Position,
) -> Option<TablebaseValue> {
    if tables.game() != game {
        return None;
    }
    tables.probe(position)
}

/// Keeps only the root moves of `game` that preserve the position's value: in a win, the moves
/// to a lost position (the quickest ones when distances are known, so the win makes progress);
/// in a draw, the drawing moves; in a loss, every move, or the slowest losses when distances are
/// known. Returns the root's value and distance, or `None` (moves untouched) when the tables are
/// another game's or the root or a child is not in them.
pub fn filter_root_moves(
    game: TableGame,
    tables: &dyn EndgameTables,
    root: &Position,
    moves: &mut Vec<Move>,
) -> Option<(TablebaseValue, Option<u32>)> {
    if tables.game() != game || root.occupied().count() > tables.max_pieces() || moves.is_empty() {
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
        fn game(&self) -> TableGame {
            TableGame::Italian
        }
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
        let all = moves.clone();
        // The tables are Italian: English draughts never reads them.
        assert_eq!(filter_root_moves(TableGame::English, &Fake, &root, &mut moves), None);
        assert_eq!(probe(TableGame::English, &Fake, &root), None);
        assert_eq!(moves, all);
        let value = filter_root_moves(TableGame::Italian, &Fake, &root, &mut moves);
        assert_eq!(value, Some((TablebaseValue::Win, Some(5))));
        let kept: Vec<String> = moves.iter().map(path_notation).collect();
        assert_eq!(kept, ["3-6"]);
    }

    #[test]
    fn a_move_the_tables_leave_alone_is_played_with_their_score() {
        use crate::history::GameHistory;
        use crate::italian::Italian;
        use crate::score::tablebase_score;
        use crate::search::{SearchControl, SearchLimits, Searcher};
        let root = parse_fen("W:WK1,K3:BK32").unwrap();
        let mut searcher = Searcher::<Italian>::new(1, 1).unwrap();
        searcher.set_endgame_tables(Some(std::sync::Arc::new(Fake)));
        let history = GameHistory::new::<Italian>(&root);
        let limits = SearchLimits::depth(6);
        let result = searcher.search(&root, &history, &limits, &SearchControl::new(), |_| {});
        assert_eq!(result.best_move.map(|m| path_notation(&m)).as_deref(), Some("3-6"));
        assert_eq!(result.score, tablebase_score(TablebaseValue::Win, 0));
        assert_eq!(result.lines[0].score, result.score);
        // Without tables the same position is searched and scored by the search.
        let mut plain = Searcher::<Italian>::new(1, 1).unwrap();
        let result = plain.search(&root, &history, &limits, &SearchControl::new(), |_| {});
        assert!(result.depth > 0 && result.score != tablebase_score(TablebaseValue::Win, 0));
    }
}
