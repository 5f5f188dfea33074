//! The settings of a match, read from the command line: the search limit per move and the
//! adjudication rules (the engines: [`crate::engine_arg`]).

use std::fmt;
use std::time::Duration;

/// How long an engine may think.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Limit {
    /// A clock per engine and game: `base` seconds, `increment` credited before each move (the
    /// Hub convention: the budget of a move is the clock plus the increment); with `moves`, the
    /// clock is for that many moves and `base` seconds more are added when they are played (a
    /// moves-in-minutes control, as DXP and tournament clocks keep: 75 moves in 5 minutes).
    Clock { base: f64, increment: f64, moves: Option<u32> },
    /// Seconds per move.
    MoveTime(f64),
    /// A fixed depth.
    Depth(u32),
    /// A fixed node count.
    Nodes(u64),
}

impl Limit {
    /// Reads `--tc [MOVES/]SECONDS[+INC]`.
    pub fn parse_clock(text: &str) -> Result<Limit, String> {
        let (moves, text) = match text.split_once('/') {
            Some((moves, rest)) => {
                let moves = moves.trim().parse::<u32>().ok().filter(|m| (1..=1000).contains(m));
                let moves = moves.ok_or_else(|| {
                    format!("--tc: '{text}': the moves of a period must be a number from 1 to 1000")
                })?;
                (Some(moves), rest)
            }
            None => (None, text),
        };
        let (base, increment) = match text.split_once('+') {
            Some((b, i)) => (b, i),
            None => (text, "0"),
        };
        let seconds = |part: &str| -> Result<f64, String> {
            let value: f64 =
                part.trim().parse().map_err(|_| format!("--tc: '{part}' is not a number"))?;
            if !(0.0..=1e6).contains(&value) {
                return Err(format!("--tc: {value} is not a sensible number of seconds"));
            }
            Ok(value)
        };
        let (base, increment) = (seconds(base)?, seconds(increment)?);
        if base + increment <= 0.0 {
            return Err("--tc: the clock needs some time".to_string());
        }
        Ok(Limit::Clock { base, increment, moves })
    }

    /// The `level` line for a move, given the mover's clock and, under a moves-in-minutes
    /// control, the moves left in the period (this one included).
    pub fn level_line(&self, clock: f64, moves_to_go: Option<u32>) -> String {
        match *self {
            Limit::Clock { increment, .. } => {
                let moves = moves_to_go.map(|n| format!("moves={n} ")).unwrap_or_default();
                format!("level {moves}time={:.3} inc={:.3}", clock.max(0.0), increment)
            }
            Limit::MoveTime(s) => format!("level move-time={s:.3}"),
            Limit::Depth(d) => format!("level depth={d}"),
            Limit::Nodes(n) => format!("level nodes={n}"),
        }
    }

    /// Whether running out of time loses (clocks and move times) rather than being a hang.
    pub fn is_timed(&self) -> bool {
        matches!(self, Limit::Clock { .. } | Limit::MoveTime(_))
    }

    /// The PDN `TimeControl` text.
    pub fn pdn_text(&self) -> String {
        match *self {
            Limit::Clock { base, increment, moves } => {
                let period = moves.map(|n| format!("{n}/")).unwrap_or_default();
                format!("{period}{base}+{increment}")
            }
            Limit::MoveTime(s) => format!("movetime {s}"),
            Limit::Depth(d) => format!("depth {d}"),
            Limit::Nodes(n) => format!("nodes {n}"),
        }
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.pdn_text())
    }
}

/// Reads `name=value,name=value` into pairs.
fn key_values(option: &str, text: &str) -> Result<Vec<(String, f64)>, String> {
    let mut pairs = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, value) =
            part.split_once('=').ok_or_else(|| format!("{option}: '{part}' is not name=value"))?;
        let number: f64 = value
            .trim()
            .parse()
            .ok()
            .filter(|v: &f64| v.is_finite() && *v >= 0.0)
            .ok_or_else(|| format!("{option}: {name}: '{value}' is not a number >= 0"))?;
        pairs.push((name.trim().to_string(), number));
    }
    Ok(pairs)
}

/// Adjudication by the agreement of both engines' scores (scores in men, from each engine's own
/// side). A win: for the last `moves` moves of each engine, one engine's score was at least
/// `score` and the other's at most `-score`. A draw: for the last `moves` moves of each engine
/// both scores lay within `score` of zero, once the game has `after` plies.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoreRule {
    /// Moves per engine that must agree.
    pub moves: usize,
    /// The score threshold in men.
    pub score: f64,
    /// Plies the game must have reached first (draw rule only; 0 for wins).
    pub after: usize,
}

impl ScoreRule {
    /// Reads `moves=N,score=S[,after=P]` (`after` only when `allow_after`).
    pub fn parse(option: &str, text: &str, allow_after: bool) -> Result<ScoreRule, String> {
        let mut rule = ScoreRule { moves: 0, score: f64::NAN, after: 0 };
        for (name, value) in key_values(option, text)? {
            match name.as_str() {
                "moves" => rule.moves = value as usize,
                "score" => rule.score = value,
                "after" if allow_after => rule.after = value as usize,
                other => return Err(format!("{option}: unknown name '{other}'")),
            }
        }
        if rule.moves == 0 || rule.score.is_nan() {
            return Err(format!("{option} needs moves=N (N >= 1) and score=S"));
        }
        Ok(rule)
    }
}

/// Everything a game needs to know besides its engines and opening.
#[derive(Clone, Debug)]
pub struct GameRules {
    /// The search limit.
    pub limit: Limit,
    /// An engine's own limit (`--engine ... tc=...`), in place of `limit`: time-odds matches,
    /// or a clock against a fixed move time. Index 0 is the first `--engine`.
    pub engine_limits: [Option<Limit>; 2],
    /// Extra time an engine may use beyond its clock or move time before it loses on time.
    pub time_margin: Duration,
    /// How long to wait for a move under a depth or node limit, and for start-up.
    pub patience: Duration,
    /// Draw after this many plies (opening moves included).
    pub max_plies: Option<usize>,
    /// The game's move count: a draw after this many plies without a man move or a capture.
    pub quiet_ply_limit: u32,
    /// Win adjudication by scores.
    pub win_rule: Option<ScoreRule>,
    /// Draw adjudication by scores.
    pub draw_rule: Option<ScoreRule>,
}

impl GameRules {
    /// The limit of engine `index` (0 the first `--engine`).
    pub fn limit_of(&self, index: usize) -> &Limit {
        self.engine_limits[index].as_ref().unwrap_or(&self.limit)
    }

    /// Whether both engines play under the same limit.
    pub fn same_limits(&self) -> bool {
        self.limit_of(0) == self.limit_of(1)
    }

    /// The limits for messages and the PDN `TimeControl` tag: one, or the first engine's and the
    /// second's (`60+0.5 / movetime 0.1`).
    pub fn limits_text(&self) -> String {
        match self.same_limits() {
            true => self.limit.pdn_text(),
            false => format!("{} / {}", self.limit_of(0), self.limit_of(1)),
        }
    }

    /// How long to wait for a move of engine `index`, given its clock.
    pub fn patience_for_move(&self, index: usize, clock: f64) -> Duration {
        match *self.limit_of(index) {
            Limit::Clock { increment, .. } => {
                Duration::from_secs_f64((clock + increment).max(0.0)) + self.time_margin
            }
            Limit::MoveTime(s) => Duration::from_secs_f64(s) + self.time_margin,
            Limit::Depth(_) | Limit::Nodes(_) => self.patience,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_seconds_and_increment() {
        let clock = |base, increment, moves| Ok(Limit::Clock { base, increment, moves });
        assert_eq!(Limit::parse_clock("10+0.1"), clock(10.0, 0.1, None));
        assert_eq!(Limit::parse_clock("60"), clock(60.0, 0.0, None));
        assert_eq!(Limit::parse_clock("75/300"), clock(300.0, 0.0, Some(75)));
        assert_eq!(Limit::parse_clock("40/60+1"), clock(60.0, 1.0, Some(40)));
        for bad in ["", "x", "10+", "-5", "0+0", "inf", "0/60", "x/60", "/60", "75/", "2000/60"] {
            assert!(Limit::parse_clock(bad).is_err(), "{bad}");
        }
        let limit = Limit::parse_clock("10+0.1").unwrap();
        assert_eq!(limit.level_line(9.5, None), "level time=9.500 inc=0.100");
        let limit = Limit::parse_clock("75/300").unwrap();
        assert_eq!(limit.level_line(250.0, Some(12)), "level moves=12 time=250.000 inc=0.000");
        assert_eq!(limit.pdn_text(), "75/300+0");
        assert_eq!(Limit::Nodes(2000).level_line(0.0, None), "level nodes=2000");
        assert_eq!(Limit::MoveTime(0.25).level_line(0.0, None), "level move-time=0.250");
    }

    #[test]
    fn score_rules_need_moves_and_score() {
        let rule = ScoreRule::parse("--adjudicate-draw", "moves=6,score=0.05,after=60", true);
        assert_eq!(rule, Ok(ScoreRule { moves: 6, score: 0.05, after: 60 }));
        assert!(ScoreRule::parse("--adjudicate-win", "moves=3,score=5,after=1", false).is_err());
        assert!(ScoreRule::parse("--adjudicate-win", "score=5", false).is_err());
    }
}
