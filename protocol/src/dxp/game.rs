//! One DXP game as Dama keeps it: the start position and the moves played, the position and its
//! history under the rules of International draughts (repetitions, the 25-move rule, the FMJD
//! endgame counts), both sides' time, and what the protocol's fields mean for it: positions as
//! `R` carries them, moves as `M` carries them (matched against the legal moves), the move numbers
//! of `B`, and the clock of each search.

use dama_engine::color::Color;
use dama_engine::history::GameHistory;
use dama_engine::international::{International, Move, Position};
use dama_engine::rules::Rules;
use dama_engine::search::{Clock, SearchLimits};
use dama_frontend::dxp::message::{BackRequest, MoveMessage, Setup};
use std::time::{Duration, Instant};

/// How a game ended, as the result line and the log give it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A side won.
    Win(Color),
    /// A draw.
    Draw,
    /// Ended with no result known (a game end without a reason, the move limit).
    Unknown,
}

impl Outcome {
    /// The PDN result: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn text(self) -> &'static str {
        match self {
            Outcome::Win(Color::White) => "1-0",
            Outcome::Win(Color::Black) => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::Unknown => "*",
        }
    }
}

/// The position a game request's setup describes, checked by the rules (pieces on playable
/// squares, no man on its crowning row, at most 20 a side).
pub fn position_from_setup(setup: &Setup) -> Result<Position, String> {
    let mut hub = String::with_capacity(51);
    hub.push(if setup.to_move == Color::White { 'W' } else { 'B' });
    hub.extend(setup.squares.chars().map(|c| match c {
        'z' => 'b',
        'Z' => 'B',
        other => other,
    }));
    International::parse_hub_position(&hub)
}

/// A position as a game request carries it.
pub fn setup_of(position: &Position) -> Setup {
    let hub = International::to_hub_position(position);
    let squares = hub[1..]
        .chars()
        .map(|c| match c {
            'b' => 'z',
            'B' => 'Z',
            other => other,
        })
        .collect();
    Setup { to_move: position.side, squares }
}

/// The captured squares of a move, in increasing order.
fn captured_squares(mv: &Move) -> Vec<u8> {
    (1..=50u8).filter(|&s| mv.captured & (1u64 << (s - 1)) != 0).collect()
}

/// A move as `M` carries it.
pub fn move_message(mv: &Move, seconds: u16) -> MoveMessage {
    MoveMessage { seconds, from: mv.from, to: mv.to, captured: captured_squares(mv) }
}

/// A move message as text for people: `32-28`, `28x17 (captures 22, 23)`.
pub fn move_text(m: &MoveMessage) -> String {
    if m.captured.is_empty() {
        return format!("{}-{}", m.from, m.to);
    }
    let taken: Vec<String> = m.captured.iter().map(u8::to_string).collect();
    format!("{}x{} (captures {})", m.from, m.to, taken.join(", "))
}

/// The legal move `m` names in `position`: the one with its start, end and captured squares; a
/// capture sent without its captured squares (some programs do) is taken when only one capture
/// joins the two squares.
pub fn find_move(position: &Position, m: &MoveMessage) -> Result<Move, String> {
    let legal = International::legal_moves(position);
    let captured = m.captured.iter().fold(0u64, |set, &s| set | 1u64 << (s - 1));
    let joining: Vec<&Move> =
        legal.iter().filter(|mv| mv.from == m.from && mv.to == m.to).collect();
    if let Some(mv) = joining.iter().find(|mv| mv.captured == captured) {
        return Ok(**mv);
    }
    if m.captured.is_empty() && joining.len() == 1 {
        return Ok(*joining[0]);
    }
    let problem = if m.captured.is_empty() && joining.len() > 1 {
        "several captures join these squares: the captured squares are needed"
    } else {
        "not a legal move here"
    };
    let mut listed: Vec<String> =
        legal.iter().take(12).map(|mv| move_text(&move_message(mv, 0))).collect();
    if legal.len() > 12 {
        listed.push("...".into());
    }
    Err(format!("{}: {problem} (legal: {})", move_text(m), listed.join(", ")))
}

/// A game under way.
pub struct DxpGame {
    /// The game's number, counted from 1 by this program.
    pub number: u32,
    /// The start position.
    pub start: Position,
    /// The moves played from it.
    pub moves: Vec<Move>,
    /// The current position.
    pub position: Position,
    /// Its history under the rules.
    pub history: GameHistory,
    /// Dama's side.
    pub ours: Color,
    /// Thinking time of each side for the whole game, in minutes (0: none).
    pub minutes: u16,
    /// Moves of the whole game (0: no limit).
    pub move_limit: u16,
    /// Time used by White and Black.
    used: [Duration; 2],
    /// When the side to move began its turn.
    turn_started: Instant,
    /// The other program's name.
    pub opponent: String,
}

fn index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl DxpGame {
    /// A new game from `start`; the side to move begins its turn now.
    pub fn new(number: u32, start: Position, ours: Color, minutes: u16, move_limit: u16) -> Self {
        DxpGame {
            number,
            start,
            moves: Vec::new(),
            position: start,
            history: GameHistory::new::<International>(&start),
            ours,
            minutes,
            move_limit,
            used: [Duration::ZERO; 2],
            turn_started: Instant::now(),
            opponent: String::new(),
        }
    }

    /// Whether Dama is to move.
    pub fn our_turn(&self) -> bool {
        self.position.side == self.ours
    }

    /// Time the side to move has used in this turn so far.
    pub fn turn_time(&self) -> Duration {
        self.turn_started.elapsed()
    }

    /// Plays a legal move: the history follows, the mover is charged the time of its turn and
    /// the other side's turn begins.
    pub fn play(&mut self, mv: Move) {
        let mover = self.position.side;
        self.used[index(mover)] += self.turn_started.elapsed();
        self.turn_started = Instant::now();
        let next = International::play(&self.position, &mv);
        self.history.push_move::<International>(&self.position, &mv, &next);
        self.position = next;
        self.moves.push(mv);
    }

    /// The end of the game in the current position, if the rules or the agreed move count end
    /// it, with the reason in words.
    pub fn verdict(&self) -> Option<(Outcome, String)> {
        let mover = self.position.side;
        if International::legal_moves(&self.position).is_empty() {
            let name = if mover == Color::White { "White" } else { "Black" };
            return Some((Outcome::Win(mover.opposite()), format!("{name} has no legal move")));
        }
        if self.history.occurrences_of_current() >= 3 {
            return Some((Outcome::Draw, "threefold repetition".into()));
        }
        if self.history.quiet_plies() >= self.history.quiet_ply_limit() {
            return Some((Outcome::Draw, International::MOVE_COUNT_RULE.into()));
        }
        if let Some(count) = self.history.endgame_count().filter(|count| count.reached()) {
            return Some((Outcome::Draw, count.rule.into()));
        }
        let limit = usize::from(self.move_limit);
        if limit > 0 && self.moves.len() >= 2 * limit {
            return Some((Outcome::Unknown, format!("the game's {limit} moves were played")));
        }
        None
    }

    /// How many moves Dama has played.
    fn our_moves(&self) -> usize {
        let first_is_ours = self.start.side == self.ours;
        (self.moves.len() + usize::from(first_is_ours)) / 2
    }

    /// The limits of Dama's next search: the agreed clock, managed as the Hub manages
    /// `level time=... moves=...` (what is left of the thinking time, the moves left of the
    /// agreed number as the moves to go, no increment: DXP has none); `movetime` per move when
    /// the request gave no thinking time; `overhead` kept back from either for the connection.
    pub fn limits(&self, movetime: Duration, overhead: Duration) -> SearchLimits {
        let limits = SearchLimits { move_overhead: overhead, ..SearchLimits::default() };
        if self.minutes == 0 {
            return SearchLimits { move_time: Some(movetime), ..limits };
        }
        let total = Duration::from_secs(u64::from(self.minutes) * 60);
        let time = total.saturating_sub(self.used[index(self.ours)]);
        let moves_to_go = (self.move_limit > 0).then(|| {
            let left = usize::from(self.move_limit).saturating_sub(self.our_moves());
            left.clamp(1, u32::MAX as usize) as u32
        });
        let clock = Clock { time, increment: Duration::ZERO, moves_to_go };
        SearchLimits { clock: Some(clock), ..limits }
    }

    /// How long to wait for the other side's move: what it has left of the thinking time (none
    /// without one), plus `patience`.
    pub fn patience_for_opponent(&self, patience: Duration) -> Duration {
        if self.minutes == 0 {
            return patience;
        }
        let total = Duration::from_secs(u64::from(self.minutes) * 60);
        total.saturating_sub(self.used[index(self.ours.opposite())]) + patience
    }

    /// The number of moves played (plies) at which a backup request's position stands, if the
    /// game has reached it. Move 1 is the game's first; a game that starts with Black to move
    /// starts at move 1 with Black to move.
    pub fn plies_for(&self, request: &BackRequest) -> Option<usize> {
        let index = (usize::from(request.move_number) - 1) * 2
            + usize::from(request.to_move == Color::Black);
        let plies = index.checked_sub(usize::from(self.start.side == Color::Black))?;
        (plies <= self.moves.len()).then_some(plies)
    }

    /// Takes moves back until `plies` moves are left (the times used stay charged).
    pub fn take_back_to(&mut self, plies: usize) {
        let kept: Vec<Move> = self.moves.iter().take(plies).copied().collect();
        let used = self.used;
        *self = DxpGame {
            opponent: std::mem::take(&mut self.opponent),
            ..DxpGame::new(self.number, self.start, self.ours, self.minutes, self.move_limit)
        };
        for mv in kept {
            self.play(mv);
        }
        self.used = used;
        self.turn_started = Instant::now();
    }
}

#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;
