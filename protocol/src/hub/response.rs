//! Results to text: the one place where what the engine says becomes a Hub line.
//!
//! Every token after the command word is `name=value` (pydraughts splits each on `=`). Values
//! are quoted when they need it; the list-valued `values` and `pv` are always quoted.

use super::params::{ParamDeclaration, ParamKind};
use dama_engine::rules::{line_text, Rules};
use dama_engine::score::{plies_to_end, Score};
use dama_engine::search::SearchInfo;
use dama_frontend::hub_syntax::quote;
use std::fmt::{self, Display, Formatter};
use std::time::Duration;

/// One line from the engine.
#[derive(Clone, Debug)]
pub enum Response {
    /// `id name= version= author= country=`.
    Id,
    /// `param name= value= type= ...`.
    Param(ParamDeclaration),
    /// `wait`: the params are declared; the GUI may set them, then `init`.
    Wait,
    /// `ready`: answer to `init`.
    Ready,
    /// `pong`: answer to `ping`.
    Pong,
    /// `info ...`: one completed iteration.
    Info(Progress),
    /// `done move= [ponder=]`: the end of a search, the moves in Hub notation.
    Done { best: String, ponder: Option<String> },
    /// `error message="..."`.
    Error(String),
}

/// What an `info` line reports.
#[derive(Clone, Debug)]
pub struct Progress {
    /// Nominal depth.
    pub depth: u32,
    /// Score in centi-men for the side to move (decisive scores encode the distance).
    pub score: Score,
    /// Nodes searched.
    pub nodes: u64,
    /// Time searched.
    pub time: Duration,
    /// Principal variation, in Hub notation.
    pub pv: Vec<String>,
    /// Positions answered by the endgame tables.
    pub tablebase_hits: u64,
    /// The line's rank (1 = best) when several lines are reported (`multipv` above 1).
    pub multipv: Option<usize>,
}

impl Progress {
    /// The progress of a search of `root` under the rules `R`.
    pub fn new<R: Rules>(info: &SearchInfo<R::Move>, root: &R::Position) -> Progress {
        Progress {
            depth: info.depth,
            score: info.score,
            nodes: info.nodes,
            time: info.time,
            pv: line_text::<R>(root, &info.pv, R::hub_text),
            tablebase_hits: info.tablebase_hits,
            multipv: None,
        }
    }
}

/// The engine's name, as `id` gives it.
pub const ENGINE_NAME: &str = "Dama";
/// The author, as `id` gives it.
pub const AUTHOR: &str = "The Dama developers";

/// A score in hundredths of a man, as Hub reports it: evaluations as they are (kept within
/// ±89.99), a win in `n` plies as `100.00 - n/100` (so +99.93 is a win in 7 plies) and a loss in
/// `n` plies as its negative. pydraughts reads anything beyond ±90 as a win or a loss.
pub fn hub_score(score: Score) -> i32 {
    match plies_to_end(score) {
        Some(n) if n >= 0 => 10_000 - n.min(999),
        Some(n) => -(10_000 - (-n).min(999)),
        None => score.clamp(-8_999, 8_999),
    }
}

fn write_men(f: &mut Formatter<'_>, hundredths: i32) -> fmt::Result {
    let sign = if hundredths < 0 { "-" } else { "" };
    let abs = hundredths.unsigned_abs();
    write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
}

impl Display for Progress {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let seconds = self.time.as_secs_f64();
        let nps = if seconds > 0.0 { self.nodes as f64 / seconds / 1e6 } else { 0.0 };
        write!(f, "info depth={} mean-depth={:.1}", self.depth, self.depth as f64)?;
        if let Some(rank) = self.multipv {
            write!(f, " multipv={rank}")?;
        }
        write!(f, " score=")?;
        write_men(f, hub_score(self.score))?;
        write!(f, " nodes={} time={seconds:.3} nps={nps:.1}", self.nodes)?;
        if self.tablebase_hits > 0 {
            write!(f, " tbhits={}", self.tablebase_hits)?;
        }
        write!(f, " pv=\"{}\"", self.pv.join(" "))
    }
}

impl Display for ParamDeclaration {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "param name={} value={}", self.name, quote(&self.value))?;
        match &self.kind {
            ParamKind::Bool => write!(f, " type=bool"),
            ParamKind::Int { min, max } => write!(f, " type=int min={min} max={max}"),
            ParamKind::Enum { values } => write!(f, " type=enum values=\"{}\"", values.join(" ")),
            ParamKind::Text => write!(f, " type=string"),
        }
    }
}

impl Display for Response {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Response::Id => write!(
                f,
                "id name={ENGINE_NAME} version={} author={} country=Italy",
                env!("CARGO_PKG_VERSION"),
                quote(AUTHOR)
            ),
            Response::Param(declaration) => declaration.fmt(f),
            Response::Wait => write!(f, "wait"),
            Response::Ready => write!(f, "ready"),
            Response::Pong => write!(f, "pong"),
            Response::Info(progress) => progress.fmt(f),
            Response::Done { best, ponder } => {
                write!(f, "done move={best}")?;
                match ponder {
                    Some(mv) => write!(f, " ponder={mv}"),
                    None => Ok(()),
                }
            }
            Response::Error(message) => {
                // One line, no double quote inside the quotes.
                let message: String = message
                    .chars()
                    .map(|c| {
                        if c == '"' {
                            '\''
                        } else if c.is_control() {
                            ' '
                        } else {
                            c
                        }
                    })
                    .collect();
                write!(f, "error message=\"{message}\"")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::board8::position::Position;
    use dama_engine::italian::notation::{hub_notation, parse_move};
    use dama_engine::score::{loss_in, win_in};

    #[test]
    fn scores_in_men_with_wins_beyond_ninety() {
        let text = |score| {
            let p = Progress {
                depth: 3,
                score,
                nodes: 0,
                time: Duration::ZERO,
                pv: vec![],
                tablebase_hits: 0,
                multipv: None,
            };
            p.to_string().split(' ').nth(3).unwrap().to_string()
        };
        assert_eq!(text(35), "score=0.35");
        assert_eq!(text(-5), "score=-0.05");
        assert_eq!(text(-250), "score=-2.50");
        assert_eq!(text(win_in(7)), "score=99.93");
        assert_eq!(text(loss_in(4)), "score=-99.96");
    }

    #[test]
    fn info_and_done_lines() {
        let start = Position::start();
        let mv = parse_move(&start, "22-18").unwrap();
        let reply = parse_move(&start.play(&mv), "11-15").unwrap();
        let info = Progress {
            depth: 12,
            score: 15,
            nodes: 812_345,
            time: Duration::from_millis(210),
            pv: vec![hub_notation(&mv), hub_notation(&reply)],
            tablebase_hits: 0,
            multipv: None,
        };
        assert_eq!(
            Response::Info(info.clone()).to_string(),
            "info depth=12 mean-depth=12.0 score=0.15 nodes=812345 time=0.210 nps=3.9 \
             pv=\"22-18 11-15\""
        );
        let second = Progress { multipv: Some(2), ..info.clone() };
        assert_eq!(
            Response::Info(second).to_string(),
            "info depth=12 mean-depth=12.0 multipv=2 score=0.15 nodes=812345 time=0.210 nps=3.9 \
             pv=\"22-18 11-15\""
        );
        let with_tables = Progress { tablebase_hits: 42, ..info };
        assert_eq!(
            Response::Info(with_tables).to_string(),
            "info depth=12 mean-depth=12.0 score=0.15 nodes=812345 time=0.210 nps=3.9 tbhits=42 \
             pv=\"22-18 11-15\""
        );
        assert_eq!(
            Response::Done { best: hub_notation(&mv), ponder: Some(hub_notation(&reply)) }
                .to_string(),
            "done move=22-18 ponder=11-15"
        );
        let done = Response::Done { best: hub_notation(&mv), ponder: None };
        assert_eq!(done.to_string(), "done move=22-18");
        assert_eq!(Response::Error("bad \"x\"\n".into()).to_string(), "error message=\"bad 'x' \"");
    }
}
