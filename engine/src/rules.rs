//! The rules of a game as the search and the front ends see them. The search, the transposition
//! table and the time manager are written once over [`Rules`] and compiled separately for each
//! game (static dispatch: no virtual call in the move generator or the search's hot path). Each
//! game implements it in its folder: [`crate::italian::Italian`], [`crate::english::English`],
//! [`crate::international::International`].

use crate::color::Color;
use crate::movelist::List;
use crate::movetext::{parse_move_text, PathMove};
use crate::score::Score;
use crate::tables::{EndgameTables, TablebaseValue};
use std::fmt::Debug;

/// One game's rules: positions, moves, the move generator and what the search asks of them.
pub trait Rules: Copy + Debug + Default + PartialEq + Send + Sync + 'static {
    /// A position: pieces and the side to move (a small `Copy` value, played by copy-make).
    type Position: Copy + PartialEq + Send + Sync + Debug;
    /// A legal move: start, end and captured pieces.
    type Move: Copy + PartialEq + Send + Sync + Debug;
    /// The game's evaluation settings: which evaluation the search uses and its weights (`()`
    /// for a game with one fixed evaluation).
    type Eval: Clone + Debug + Default + PartialEq + Send + Sync;

    /// The game's name as the command line and the Hub `variant` param spell it.
    const NAME: &'static str;
    /// The PDN `GameType` tag value.
    const PDN_GAME_TYPE: u32;
    /// Plies without a man move or a capture after which the game is drawn (the default of the
    /// game's move-count rule).
    const QUIET_PLY_LIMIT: u32;
    /// The move-count rule's name, as a PDN `Termination` tag gives it.
    const MOVE_COUNT_RULE: &'static str;
    /// The side that moves first from the start position (PDN numbers its moves `1.`).
    const FIRST_TO_MOVE: Color = Color::White;

    /// Fills `list` (emptied first) with the legal moves, one per distinct (from, to, captured set).
    fn generate(position: &Self::Position, list: &mut List<Self::Move>);
    /// The position after `mv`.
    fn play(position: &Self::Position, mv: &Self::Move) -> Self::Position;
    /// A 64-bit hash of the position and the side to move.
    fn key(position: &Self::Position) -> u64;
    /// The key of the position after `mv` ([`Rules::key`] of [`Rules::play`]), for a game that
    /// can find it without making the position.
    #[inline(always)]
    fn key_after(position: &Self::Position, mv: &Self::Move) -> u64 {
        Self::key(&Self::play(position, mv))
    }
    /// Whether the move captures.
    fn is_capture(mv: &Self::Move) -> bool;
    /// Whether the move resets the move count and ends every repetition: a man moved or a piece
    /// was captured.
    fn is_irreversible(position: &Self::Position, mv: &Self::Move) -> bool;
    /// Whether the side not to move would have a capture if it were its turn.
    fn opponent_can_capture(position: &Self::Position) -> bool;
    /// Whether the side to move has a capture (and so must capture). The search asks this below
    /// its horizon before listing any move; a game with a set-wise test overrides the default,
    /// which lists the moves.
    #[inline]
    fn has_capture(position: &Self::Position) -> bool {
        let mut list = List::new();
        Self::generate(position, &mut list);
        list.first().is_some_and(Self::is_capture)
    }
    /// Whether the side to move has any legal move (having none loses). Overridden like
    /// [`Rules::has_capture`].
    #[inline]
    fn has_move(position: &Self::Position) -> bool {
        let mut list = List::new();
        Self::generate(position, &mut list);
        !list.is_empty()
    }
    /// Fills `list` (emptied first) with the quiet moves after which the opponent must capture:
    /// exchanges and sacrifices, where combinations start. The quiescence search plays them
    /// below the horizon (`SearchOptions::forcing_quiescence`). Asked only where the side to move
    /// has no capture. The default plays every move; a game may find them faster.
    fn forcing_moves(position: &Self::Position, list: &mut List<Self::Move>) {
        let mut all = List::new();
        Self::generate(position, &mut all);
        list.clear();
        for mv in all.iter() {
            if Self::has_capture(&Self::play(position, mv)) {
                list.push(*mv);
            }
        }
    }
    /// Fills `list` (emptied first) with the quiet man moves that create a capture threat: after
    /// them the opponent has no capture, but the side that moved would have one if it could move
    /// again. King moves are left out: a king threatens something nearly everywhere. The threat
    /// quiescence plays them at the horizon (`SearchOptions::threat_quiescence`), where the
    /// opponent must meet the threat. Asked only where the side to move has no capture.
    fn threat_moves(position: &Self::Position, list: &mut List<Self::Move>) {
        let mut all = List::new();
        Self::generate(position, &mut all);
        list.clear();
        for mv in all.iter() {
            if !Self::is_irreversible(position, mv) {
                continue;
            }
            let child = Self::play(position, mv);
            if !Self::has_capture(&child) && Self::opponent_can_capture(&child) {
                list.push(*mv);
            }
        }
    }
    /// The move in 15 bits for the transposition table (enough to find it again among the
    /// position's moves; the 16th bit is the table's own and is ignored).
    fn pack(mv: &Self::Move) -> u16;
    /// Start and end square indexes (each below 64), for the history heuristic.
    fn from_to(mv: &Self::Move) -> (usize, usize);
    /// The static evaluation for the side to move, in hundredths of a man, by the evaluation
    /// `eval` selects.
    fn evaluate(position: &Self::Position, eval: &Self::Eval) -> Score;
    /// What the evaluation keeps up to date move by move along the search path (the pattern
    /// indexes of a learned evaluation), so that it is not read square by square at every leaf;
    /// `()` for a game whose evaluation keeps nothing.
    type EvalAcc: Copy + PartialEq + Debug + Send + Sync;
    /// The accumulator of `position` for the evaluation `eval`, computed from scratch.
    fn eval_acc(position: &Self::Position, eval: &Self::Eval) -> Self::EvalAcc;
    /// The accumulator after a move from `before` to `after`, from `before`'s (`acc`), for the
    /// evaluation `eval` (the one `acc` was made for).
    fn update_eval_acc(
        acc: &Self::EvalAcc,
        before: &Self::Position,
        after: &Self::Position,
        eval: &Self::Eval,
    ) -> Self::EvalAcc;
    /// [`Rules::evaluate`] of `position` given its accumulator `acc`
    /// ([`Rules::eval_acc`]`(position, eval)`): the same score, found faster.
    #[inline(always)]
    fn evaluate_with(position: &Self::Position, _acc: &Self::EvalAcc, eval: &Self::Eval) -> Score {
        Self::evaluate(position, eval)
    }
    /// The number of pieces on the board.
    fn piece_count(position: &Self::Position) -> u32;
    /// Whether the search prunes with ProbCut by default in this game
    /// ([`crate::search::SearchOptions::probcut`]): measured game by game (docs/strength.md).
    const PROBCUT: bool = false;
    /// Whether the search reduces late quiet moves from the second one on by default
    /// ([`crate::search::SearchOptions::early_reductions`]): measured game by game.
    const EARLY_REDUCTIONS: bool = false;
    /// Whether the search cuts quiet nodes near the horizon whose evaluation clears beta by a
    /// margin by default ([`crate::search::SearchOptions::futility`]): measured game by game.
    const FUTILITY: bool = false;
    /// Whether a search cut short by its time limit plays a root move its cut iteration proved
    /// better than the move of the iteration before, by default
    /// ([`crate::search::SearchOptions::partial_iterations`]): measured game by game.
    const PARTIAL_ITERATIONS: bool = false;
    /// Whether the game has material counts ([`Rules::endgame_count`]): the game's history and
    /// the search follow them only then (so a game without pays nothing for them).
    const ENDGAME_COUNTS: bool = false;
    /// A material-dependent draw count of the game: when `position`'s material is one the rules
    /// give a count for, the plies (moves by each side, doubled) after which the game is drawn
    /// counting from the capture or promotion that made it, and the rule's name.
    fn endgame_count(_position: &Self::Position) -> Option<(u32, &'static str)> {
        None
    }
    /// Whether `mv`, played in `position`, starts a material count ([`Rules::endgame_count`])
    /// afresh even where the material after it is counted too: a capture in every game; a game
    /// whose counts run while "the balance of forces has not changed" adds the crowning of a man.
    #[inline]
    fn restarts_count(_position: &Self::Position, mv: &Self::Move) -> bool {
        Self::is_capture(mv)
    }
    /// The endgame tables' value of the position, for games that have tables.
    fn probe_tables(
        _tables: &dyn EndgameTables<Self::Position>,
        _position: &Self::Position,
    ) -> Option<TablebaseValue> {
        None
    }
    /// The endgame tables' value of the position and, when they have it, its distance in plies:
    /// what the search asks where a material count ([`Rules::endgame_count`]) is in force.
    fn probe_tables_distance(
        _tables: &dyn EndgameTables<Self::Position>,
        _position: &Self::Position,
    ) -> Option<(TablebaseValue, Option<u32>)> {
        None
    }
    /// Keeps the root moves that preserve the tables' value, for games that have tables, and
    /// returns that value (`None`, all moves kept, when the tables do not hold the position).
    fn filter_root_moves(
        _tables: &dyn EndgameTables<Self::Position>,
        _position: &Self::Position,
        _moves: &mut Vec<Self::Move>,
    ) -> Option<TablebaseValue> {
        None
    }

    // Text: not on the search's path.

    /// The start position.
    fn start() -> Self::Position;
    /// The side to move.
    fn side_to_move(position: &Self::Position) -> Color;
    /// Reads a position in the game's FEN, with a message naming the problem.
    fn parse_fen(text: &str) -> Result<Self::Position, String>;
    /// The position's FEN.
    fn to_fen(position: &Self::Position) -> String;
    /// Every legal move with a path (one path per distinct move).
    fn paths(position: &Self::Position) -> Vec<PathMove<Self::Move>>;
    /// Reads a Hub position string (the side to move, then one character per square).
    fn parse_hub_position(text: &str) -> Result<Self::Position, String>;
    /// The position's Hub position string.
    fn to_hub_position(position: &Self::Position) -> String;

    /// The legal moves.
    fn legal_moves(position: &Self::Position) -> Vec<Self::Move> {
        let mut list = List::new();
        Self::generate(position, &mut list);
        list.to_vec()
    }
    /// Reads move text in any notation (`9-13`, the full path `22x15x6`, `from x to` when only
    /// one capture goes there, the Hub form `from x to x captured...`) and checks it is legal.
    fn parse_move(position: &Self::Position, text: &str) -> Result<Self::Move, String> {
        parse_move_text(text, &Self::paths(position))
    }
    /// Full-path notation of a legal move: `9-13`, `22x15x6`.
    fn path_text(position: &Self::Position, mv: &Self::Move) -> String {
        Self::paths(position).iter().find(|p| p.mv == *mv).map_or_else(|| "?".into(), |p| p.path())
    }
    /// A legal move as PDN movetext writes it: the full path when `full` (as [`Rules::path_text`]),
    /// else PDN's short form ([`crate::pdn::short_text`]: `from x to` for a capture that no other
    /// legal move shares). A game whose players' notation is not PDN's overrides it.
    fn pdn_text(position: &Self::Position, mv: &Self::Move, full: bool) -> String {
        if full {
            Self::path_text(position, mv)
        } else {
            crate::pdn::short_text::<Self>(position, mv)
        }
    }
    /// Hub notation of a legal move: `9-13`, `22x6x18x10` (from, to, captured in capture order).
    fn hub_text(position: &Self::Position, mv: &Self::Move) -> String {
        Self::paths(position).iter().find(|p| p.mv == *mv).map_or_else(|| "?".into(), |p| p.hub())
    }
}

/// The text of a line of moves from `position`, each written by `text` (e.g. [`Rules::path_text`]
/// or [`Rules::hub_text`]) in the position where it is played.
pub fn line_text<R: Rules>(
    position: &R::Position,
    line: &[R::Move],
    text: fn(&R::Position, &R::Move) -> String,
) -> Vec<String> {
    let mut position = *position;
    line.iter()
        .map(|mv| {
            let written = text(&position, mv);
            position = R::play(&position, mv);
            written
        })
        .collect()
}
