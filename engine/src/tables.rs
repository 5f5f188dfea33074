//! Endgame databases as the rules and the search see them: a small trait that a front end
//! implements over its tables (the engine itself reads no files), the value it answers, the
//! choice of value-preserving root moves, and how a table value meets a material count of the
//! game ([`holds_under_count`]). The scores of database results are [`crate::score`]'s.

use crate::board8::position::Position;

/// The games that have endgame tables. Dama Italiana, English, Russian and Brazilian draughts
/// share the 8x8 [`Position`], so one table's index would read another game's positions without
/// complaint, but the values differ (in English draughts a man may capture a king, there is no
/// capture precedence, the board is mirrored; Russian and Brazilian kings fly); International
/// draughts has its own 10x10 position. Tables
/// say which game they hold ([`EndgameTables::game`]) and a game probes only its own.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TableGame {
    /// Dama Italiana.
    Italian,
    /// English draughts.
    English,
    /// International draughts (10x10).
    International,
    /// Russian draughts.
    Russian,
    /// Brazilian draughts.
    Brazilian,
}

impl TableGame {
    /// Every game with tables.
    pub const ALL: [TableGame; 5] = [
        TableGame::Italian,
        TableGame::English,
        TableGame::International,
        TableGame::Russian,
        TableGame::Brazilian,
    ];

    /// The game's name as the command line and the Hub `variant` param spell it.
    pub const fn name(self) -> &'static str {
        match self {
            TableGame::Italian => "italian",
            TableGame::English => "english",
            TableGame::International => "international",
            TableGame::Russian => "russian",
            TableGame::Brazilian => "brazilian",
        }
    }

    /// The game's name in a sentence.
    pub const fn title(self) -> &'static str {
        match self {
            TableGame::Italian => "Dama Italiana",
            TableGame::English => "English draughts",
            TableGame::International => "International draughts",
            TableGame::Russian => "Russian draughts",
            TableGame::Brazilian => "Brazilian draughts",
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

/// Endgame tables the search may consult, over the positions `P` of their board (the 8x8
/// [`Position`] unless said otherwise). Implementations must be cheap to call from several
/// threads and must answer `None` rather than fail.
pub trait EndgameTables<P = Position>: Send + Sync {
    /// The game whose positions the tables hold.
    fn game(&self) -> TableGame;

    /// The most pieces on the board for which every position is in the tables.
    fn max_pieces(&self) -> u32;

    /// The value of `position`, if it is in the tables.
    fn probe(&self, position: &P) -> Option<TablebaseValue>;

    /// The value and, when the tables have it, the plies to the end of the game under perfect
    /// play (shortest win, longest loss).
    fn probe_distance(&self, position: &P) -> Option<(TablebaseValue, Option<u32>)> {
        self.probe(position).map(|v| (v, None))
    }
}

/// The tables' value of `position` in `game`: `None` when the tables are another game's or do
/// not hold the position.
#[inline]
pub fn probe<P>(
    game: TableGame,
    tables: &dyn EndgameTables<P>,
    position: &P,
) -> Option<TablebaseValue> {
    if tables.game() != game {
        return None;
    }
    tables.probe(position)
}

/// The tables' value and distance of `position` in `game`: `None` when the tables are another
/// game's or do not hold the position.
#[inline]
pub fn probe_distance<P>(
    game: TableGame,
    tables: &dyn EndgameTables<P>,
    position: &P,
) -> Option<(TablebaseValue, Option<u32>)> {
    if tables.game() != game {
        return None;
    }
    tables.probe_distance(position)
}

/// Whether a table value holds over the board at a position whose material a count of the game
/// draws (the FMJD 16- and 5-move counts of International draughts), `played` plies of `limit`
/// being gone. The tables do not count (the standard convention), and a count only ever turns a
/// win into a draw, so a draw holds; a win or a loss in `plies` plies holds when the game ends
/// with plies of the count to spare (`played + plies < limit`: every position of the winning
/// line, the last included, comes before the count runs out, whether the last move takes the
/// last piece or leaves the loser without a move), and not when the distance is not known. A
/// shortest win that does not fit is no win within the count, unless a capture on the way
/// starts a new count (docs/egdb.md, "The FMJD counts").
pub const fn holds_under_count(
    value: TablebaseValue,
    plies: Option<u32>,
    played: u32,
    limit: u32,
) -> bool {
    match (value, plies) {
        (TablebaseValue::Draw, _) => true,
        (_, Some(plies)) => played + plies < limit,
        (_, None) => false,
    }
}

/// Keeps only the root moves of `game` that preserve the position's value: in a win, the moves
/// to a lost position (the quickest ones when distances are known, so the win makes progress);
/// in a draw, the drawing moves; in a loss, every move, or the slowest losses when distances are
/// known. `pieces` is the root's number of pieces and `play` plays a move from it. Returns the
/// root's value and distance, or `None` (moves untouched) when the tables are another game's or
/// the root or a child is not in them.
pub fn filter_root_moves<P, M: Copy>(
    game: TableGame,
    tables: &dyn EndgameTables<P>,
    root: &P,
    pieces: u32,
    moves: &mut Vec<M>,
    play: impl Fn(&P, &M) -> P,
) -> Option<(TablebaseValue, Option<u32>)> {
    if tables.game() != game || pieces > tables.max_pieces() || moves.is_empty() {
        return None;
    }
    let (value, plies) = tables.probe_distance(root)?;
    let children: Vec<(TablebaseValue, Option<u32>)> =
        moves.iter().map(|m| tables.probe_distance(&play(root, m))).collect::<Option<_>>()?;
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
    let kept: Vec<M> = moves
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
        let play = |p: &Position, m: &crate::board8::moves::Move| p.play(m);
        let filter =
            |game, moves: &mut Vec<_>| filter_root_moves(game, &Fake, &root, 3, moves, play);
        assert_eq!(filter(TableGame::English, &mut moves), None);
        assert_eq!(probe(TableGame::English, &Fake, &root), None);
        assert_eq!(moves, all);
        let value = filter(TableGame::Italian, &mut moves);
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

    #[test]
    fn a_count_lets_only_the_wins_that_fit_stand() {
        use TablebaseValue::{Draw, Loss, Win};
        // A win in 7 plies with 8 plies of the count left: its last position comes on the 7th.
        assert!(holds_under_count(Win, Some(7), 24, 32));
        assert!(!holds_under_count(Win, Some(7), 25, 32));
        assert!(
            holds_under_count(Loss, Some(8), 0, 10) && !holds_under_count(Loss, Some(10), 0, 10)
        );
        assert!(!holds_under_count(Win, None, 0, 32), "no distance, no trust");
        assert!(holds_under_count(Draw, None, 31, 32));
    }
}
