//! The rules of a game as the search sees them. The search, the transposition table and the time
//! manager are written once over [`Rules`] and compiled separately for each game (static dispatch:
//! no virtual call in the move generator or the search's hot path). [`Italian`] is the default
//! everywhere; English and International draughts implement the same trait
//! ([`crate::english::English`], [`crate::international::International`]).

use crate::movelist::List;
use crate::position::Color;
use crate::search::endgame::EndgameTables;
use crate::search::options::SearchOptions;
use crate::search::score::Score;
use crate::search::tt::PackedMove;
use std::fmt::Debug;

/// One game's rules: positions, moves, the move generator and what the search asks of them.
pub trait Rules: Copy + Debug + Default + PartialEq + Send + Sync + 'static {
    /// A position: pieces and the side to move (a small `Copy` value, played by copy-make).
    type Position: Copy + PartialEq + Send + Sync + Debug;
    /// A legal move: start, end and captured pieces.
    type Move: Copy + PartialEq + Send + Sync + Debug;

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
    /// Whether the move captures.
    fn is_capture(mv: &Self::Move) -> bool;
    /// Whether the move resets the move count and ends every repetition: a man moved or a piece
    /// was captured.
    fn is_irreversible(position: &Self::Position, mv: &Self::Move) -> bool;
    /// Whether the side not to move would have a capture if it were its turn.
    fn opponent_can_capture(position: &Self::Position) -> bool;
    /// The move as the transposition table stores it.
    fn pack(mv: &Self::Move) -> PackedMove;
    /// Start and end square indexes (each below 64), for the history heuristic.
    fn from_to(mv: &Self::Move) -> (usize, usize);
    /// The static evaluation for the side to move, in hundredths of a man.
    fn evaluate(position: &Self::Position, options: &SearchOptions) -> Score;
    /// The number of pieces on the board.
    fn piece_count(position: &Self::Position) -> u32;
    /// A material-dependent draw count of the game: when `position`'s material is one the rules
    /// give a count for, the plies (moves by each side, doubled) after which the game is drawn
    /// counting from the capture or promotion that made it, and the rule's name.
    fn endgame_count(_position: &Self::Position) -> Option<(u32, &'static str)> {
        None
    }
    /// The endgame tables' value of the position, for games that have tables.
    fn probe_tables(
        _tables: &dyn EndgameTables,
        _position: &Self::Position,
    ) -> Option<crate::search::TablebaseValue> {
        None
    }
    /// Keeps the root moves that preserve the tables' value, for games that have tables.
    fn filter_root_moves(
        _tables: &dyn EndgameTables,
        _position: &Self::Position,
        _moves: &mut Vec<Self::Move>,
    ) {
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
    /// Hub notation of a legal move: `9-13`, `22x6x18x10` (from, to, captured in capture order).
    fn hub_text(position: &Self::Position, mv: &Self::Move) -> String {
        Self::paths(position).iter().find(|p| p.mv == *mv).map_or_else(|| "?".into(), |p| p.hub())
    }
}

/// A legal move with one of its paths, for notation.
#[derive(Clone, Debug, PartialEq)]
pub struct PathMove<M> {
    /// The move.
    pub mv: M,
    /// The start square's number.
    pub from: u8,
    /// The squares where the piece stops, in order; the last is the end square.
    pub landings: Vec<u8>,
    /// The captured squares in capture order.
    pub captured: Vec<u8>,
}

impl<M> PathMove<M> {
    /// The end square.
    pub fn to(&self) -> u8 {
        self.landings.last().copied().unwrap_or(self.from)
    }

    /// Full-path notation: `9-13`, `22x15x6`.
    pub fn path(&self) -> String {
        path_text(self.from, &self.landings, !self.captured.is_empty())
    }

    /// Hub notation: `9-13`, `22x6x15x10`.
    pub fn hub(&self) -> String {
        if self.captured.is_empty() {
            return format!("{}-{}", self.from, self.to());
        }
        let mut text = format!("{}x{}", self.from, self.to());
        for s in &self.captured {
            text.push('x');
            text.push_str(&s.to_string());
        }
        text
    }
}

/// Full-path notation from the start square and the landing squares: `9-13` for a step,
/// `22x15x6` for a capture.
pub fn path_text(from: u8, landings: &[u8], capture: bool) -> String {
    let separator = if capture { "x" } else { "-" };
    let mut text = from.to_string();
    for s in landings {
        text.push_str(separator);
        text.push_str(&s.to_string());
    }
    text
}

/// A Hub position string (`W` or `B` to move, then one character per square 1..`squares`: `w`
/// `b` men, `W` `B` kings, `e` empty) as a FEN listing every piece, for a game's FEN reader to
/// check the setup.
pub fn hub_position_to_fen(text: &str, squares: usize) -> Result<String, String> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != squares + 1 {
        return Err(format!(
            "position string must have {} characters, found {}",
            squares + 1,
            chars.len()
        ));
    }
    let side = match chars[0] {
        c @ ('W' | 'B') => c,
        c => return Err(format!("side to move must be W or B, found '{}'", c.escape_default())),
    };
    let (mut white, mut black) = (Vec::new(), Vec::new());
    for (square, &c) in (1..).zip(&chars[1..]) {
        match c {
            'w' => white.push(format!("{square}")),
            'W' => white.push(format!("K{square}")),
            'b' => black.push(format!("{square}")),
            'B' => black.push(format!("K{square}")),
            'e' => {}
            found => {
                return Err(format!(
                    "square {square}: '{}' is not one of w b W B e",
                    found.escape_default()
                ))
            }
        }
    }
    Ok(format!("{side}:W{}:B{}", white.join(","), black.join(",")))
}

/// Plays the moves of `text` (any notation, separated by spaces) from `position`, recording each
/// in `history`; an error names the refused move by its number.
pub fn play_line<R: Rules>(
    mut position: R::Position,
    history: &mut crate::search::GameHistory,
    text: &str,
) -> Result<R::Position, String> {
    for (number, word) in text.split_whitespace().enumerate() {
        let mv = R::parse_move(&position, word)
            .map_err(|e| format!("move {} is refused: {e}", number + 1))?;
        let irreversible = R::is_irreversible(&position, &mv);
        position = R::play(&position, &mv);
        history.push_key(R::key(&position), irreversible);
    }
    Ok(position)
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

/// Finds the move `text` names among `moves`: a full path, `from-to` / `fromxto` when it names
/// one move, or the Hub form (from, to, then the captured squares in any order).
pub fn parse_move_text<M: Copy + PartialEq>(
    text: &str,
    moves: &[PathMove<M>],
) -> Result<M, String> {
    let word = text.trim();
    let numbers: Option<Vec<u8>> =
        word.split(['-', 'x', 'X', ':']).map(|n| n.parse().ok()).collect();
    let Some(numbers) = numbers.filter(|n| n.len() >= 2) else {
        return Err(format!(
            "'{}' is not a move (write 9-13, 22x15x6 or 22x6)",
            crate::Excerpt(word)
        ));
    };
    let (from, rest) = (numbers[0], &numbers[1..]);
    let found: Vec<&PathMove<M>> = moves
        .iter()
        .filter(|m| m.from == from)
        .filter(|m| {
            m.landings == rest
                || (rest.len() == 1 && m.to() == rest[0])
                || (rest.len() == 1 + m.captured.len() && m.to() == rest[0] && {
                    let mut a = rest[1..].to_vec();
                    let mut b = m.captured.clone();
                    a.sort_unstable();
                    b.sort_unstable();
                    a == b
                })
        })
        .collect();
    match found.as_slice() {
        [] => {
            let legal: Vec<String> = moves.iter().map(PathMove::path).collect();
            Err(format!(
                "'{}' is not legal here; legal moves are {}",
                crate::Excerpt(word),
                legal.join(" ")
            ))
        }
        [one, others @ ..] if others.iter().all(|m| m.mv == one.mv) => Ok(one.mv),
        several => {
            let paths: Vec<String> = several.iter().map(|m| m.path()).collect();
            Err(format!("'{}' is ambiguous: {}", crate::Excerpt(word), paths.join(" ")))
        }
    }
}

/// Dama Italiana (FID rules, PDN GameType 22): [`crate::Position`] and [`crate::Move`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Italian;

impl Rules for Italian {
    type Position = crate::Position;
    type Move = crate::Move;

    const NAME: &'static str = "italian";
    const PDN_GAME_TYPE: u32 = 22;
    const QUIET_PLY_LIMIT: u32 = crate::search::DEFAULT_QUIET_PLY_LIMIT;
    const MOVE_COUNT_RULE: &'static str = "40-move rule";

    #[inline(always)]
    fn generate(position: &crate::Position, list: &mut List<crate::Move>) {
        position.generate_moves(list, crate::PathMode::Unique);
    }

    #[inline(always)]
    fn play(position: &crate::Position, mv: &crate::Move) -> crate::Position {
        position.play(mv)
    }

    #[inline(always)]
    fn key(position: &crate::Position) -> u64 {
        position.key()
    }

    #[inline(always)]
    fn is_capture(mv: &crate::Move) -> bool {
        mv.is_capture()
    }

    #[inline(always)]
    fn is_irreversible(position: &crate::Position, mv: &crate::Move) -> bool {
        crate::search::history::is_irreversible(position, mv)
    }

    #[inline(always)]
    fn opponent_can_capture(position: &crate::Position) -> bool {
        position.with_side_to_move(position.side_to_move().opposite()).has_capture()
    }

    #[inline(always)]
    fn pack(mv: &crate::Move) -> PackedMove {
        PackedMove::new(mv)
    }

    #[inline(always)]
    fn from_to(mv: &crate::Move) -> (usize, usize) {
        (mv.from().index(), mv.to().index())
    }

    #[inline(always)]
    fn evaluate(position: &crate::Position, options: &SearchOptions) -> Score {
        options.evaluate(position)
    }

    #[inline(always)]
    fn piece_count(position: &crate::Position) -> u32 {
        position.occupied().count()
    }

    #[inline]
    fn probe_tables(
        tables: &dyn EndgameTables,
        position: &crate::Position,
    ) -> Option<crate::search::TablebaseValue> {
        tables.probe(position)
    }

    fn filter_root_moves(
        tables: &dyn EndgameTables,
        position: &crate::Position,
        moves: &mut Vec<crate::Move>,
    ) {
        crate::search::endgame::filter_root_moves(tables, position, moves);
    }

    fn start() -> crate::Position {
        crate::Position::start()
    }

    fn side_to_move(position: &crate::Position) -> Color {
        position.side_to_move()
    }

    fn parse_fen(text: &str) -> Result<crate::Position, String> {
        crate::parse_fen(text).map_err(|e| format!("bad FEN '{}': {e}", crate::Excerpt(text)))
    }

    fn to_fen(position: &crate::Position) -> String {
        crate::to_fen(position)
    }

    fn paths(position: &crate::Position) -> Vec<PathMove<crate::Move>> {
        position.legal_moves().iter().map(italian_path).collect()
    }

    fn parse_move(position: &crate::Position, text: &str) -> Result<crate::Move, String> {
        crate::parse_move(position, text).map_err(|e| e.to_string())
    }

    fn parse_hub_position(text: &str) -> Result<crate::Position, String> {
        crate::parse_hub_position(text).map_err(|e| e.to_string())
    }

    fn to_hub_position(position: &crate::Position) -> String {
        crate::to_hub_position(position)
    }

    fn path_text(_position: &crate::Position, mv: &crate::Move) -> String {
        crate::path_notation(mv)
    }

    fn hub_text(_position: &crate::Position, mv: &crate::Move) -> String {
        crate::hub_notation(mv)
    }
}

/// An Italian move with its path (the path follows from the capture order).
fn italian_path(mv: &crate::Move) -> PathMove<crate::Move> {
    PathMove {
        mv: *mv,
        from: mv.from().number(),
        landings: if mv.is_capture() {
            mv.landing_squares().iter().map(|s| s.number()).collect()
        } else {
            vec![mv.to().number()]
        },
        captured: mv.captured_in_order().map(|s| s.number()).collect(),
    }
}
